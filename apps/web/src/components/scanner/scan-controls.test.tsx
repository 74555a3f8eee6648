import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { ScanControls } from './scan-controls.tsx';

const texts = {
  scan: 'Scan',
  stopScanning: 'Stop scanning',
  cameraView: 'Camera',
  point: 'Point',
  typeCode: 'Or type a code',
  submit: 'Add',
};

it('sends a typed code and empties the field once it is sent; a blank one is not sent', async () => {
  const onCode = vi.fn(async () => {});
  render(<ScanControls texts={texts} onCode={onCode} busy={false} />);
  const field = screen.getByLabelText('Or type a code');
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
  expect(onCode).not.toHaveBeenCalled();
  fireEvent.change(field, { target: { value: 'W-42' } });
  fireEvent.click(screen.getByRole('button', { name: 'Add' }));
  expect(onCode).toHaveBeenCalledWith('W-42');
  await waitFor(() => expect(field).toHaveValue(''));
});

it('says a done outcome as a status and a refusal as an alert, and nothing where the screen says them elsewhere', () => {
  const { rerender } = render(
    <ScanControls
      texts={texts}
      onCode={() => {}}
      busy={false}
      outcome={{ kind: 'done', text: 'Counted 1' }}
    />,
  );
  expect(screen.getByRole('status')).toHaveTextContent('Counted 1');
  expect(screen.queryByRole('alert')).toBeNull();
  rerender(
    <ScanControls
      texts={texts}
      onCode={() => {}}
      busy={false}
      outcome={{ kind: 'refused', text: 'Not here' }}
    />,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Not here');
  expect(screen.getByRole('status')).toHaveTextContent('');
  rerender(<ScanControls texts={texts} onCode={() => {}} busy={false} />);
  expect(screen.queryByRole('status')).toBeNull();
});

it('waits with the typed button while busy, and says the Scan button is pressed only as a toggle', () => {
  const { rerender } = render(<ScanControls texts={texts} onCode={() => {}} busy />);
  expect(screen.getByRole('button', { name: 'Add' })).toBeDisabled();
  expect(screen.getByRole('button', { name: 'Scan' })).not.toHaveAttribute('aria-pressed');
  rerender(<ScanControls texts={texts} onCode={() => {}} busy={false} toggle />);
  expect(screen.getByRole('button', { name: 'Scan' })).toHaveAttribute('aria-pressed', 'false');
});
