import { useEffect, useRef, useState } from 'react';

/** What stands in for a picture that does not load (an address that is gone or is not an image). */
export const NO_PICTURE = '/images/products/no-picture.svg';

/**
 * A product picture at fixed dimensions, so the layout never shifts while it loads. Its text
 * alternative is the product's name; a `decorative` thumbnail right next to that name has none, so
 * screen readers do not read the name twice. A picture that does not load shows NO_PICTURE instead
 * of the browser's broken-image icon, also when it failed before the page's scripts ran (a
 * prerendered page).
 */
export function ProductImage({
  src,
  name,
  width,
  height,
  className,
  decorative = false,
}: {
  src: string;
  name: string;
  width: number;
  height: number;
  className?: string;
  decorative?: boolean;
}) {
  const [failed, setFailed] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  const broken = failed === src;

  useEffect(() => {
    const element = image.current;
    // An error that came before React listened: a finished image with no pixels that cannot be decoded.
    if (broken || !element?.complete || element.naturalWidth > 0 || !('decode' in element)) return;
    element.decode().catch(() => setFailed(src));
  }, [src, broken]);

  return (
    <img
      ref={image}
      src={broken ? NO_PICTURE : src}
      onError={() => setFailed(src)}
      alt={decorative ? '' : name}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      className={className}
      style={{ objectFit: 'contain', maxWidth: '100%', height: 'auto', aspectRatio: `${width} / ${height}` }}
    />
  );
}
