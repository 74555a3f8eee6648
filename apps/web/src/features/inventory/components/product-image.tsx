/** A product picture at fixed dimensions, so the layout never shifts while it loads. */
export function ProductImage({
  src,
  name,
  width,
  height,
  className,
}: {
  src: string;
  name: string;
  width: number;
  height: number;
  className?: string;
}) {
  return (
    <img
      src={src}
      alt={name}
      width={width}
      height={height}
      loading="lazy"
      decoding="async"
      className={className}
      style={{ objectFit: 'contain', maxWidth: '100%', height: 'auto', aspectRatio: `${width} / ${height}` }}
    />
  );
}
