import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { NO_PICTURE, ProductImage } from './product-image.tsx';

describe('ProductImage', () => {
  it('shows the no-picture image instead of a broken icon when the picture does not load', () => {
    const { rerender } = render(
      <ProductImage src="https://example.com/not-an-image" name="Walton AC" width={320} height={200} />,
    );
    const image = screen.getByRole('img', { name: 'Walton AC' });
    expect(image).toHaveAttribute('src', 'https://example.com/not-an-image');
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', NO_PICTURE);
    // The stand-in failing too changes nothing more.
    fireEvent.error(image);
    expect(image).toHaveAttribute('src', NO_PICTURE);
    // A new picture address is tried again.
    rerender(
      <ProductImage src="/images/products/window-unit.svg" name="Walton AC" width={320} height={200} />,
    );
    expect(image).toHaveAttribute('src', '/images/products/window-unit.svg');
  });
});
