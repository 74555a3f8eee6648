import { render, screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { Spinner } from './spinner.tsx';

it('is a centred loading status in an area 500 px tall', () => {
  render(<Spinner />);
  const status = screen.getByRole('status');
  expect(status).toHaveTextContent('Loading…');
  expect(status).toHaveStyle({ height: '500px' });
  expect(status).toHaveClass('d-flex', 'justify-content-center', 'align-items-center');
});
