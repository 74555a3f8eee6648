/**
 * A product picture at fixed dimensions, so the layout never shifts while it loads. Its text
 * alternative is the product's name; a `decorative` thumbnail right next to that name has none, so
 * screen readers do not read the name twice.
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
  return (
    <img
      src={src}
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
