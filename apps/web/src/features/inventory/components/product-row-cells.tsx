import type { Product } from '@walton/contract';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatCount, formatPrice } from '../format.ts';
import { LowStockBadge } from './low-stock-badge.tsx';
import { ProductImage } from './product-image.tsx';

/** The item, price and quantity cells every product table starts with. */
export function ProductRowCells({ product }: { product: Product }) {
  return (
    <>
      <td>
        <div className="d-flex align-items-center gap-2">
          <ProductImage
            src={product.img}
            name={product.name}
            width={48}
            height={48}
            className="d-none d-sm-block flex-shrink-0"
            decorative
          />
          <Link to={paths.itemDetail(product._id)}>{product.name}</Link>
        </div>
      </td>
      <td className="text-nowrap">{formatPrice(product.price)}</td>
      <td>
        <span className="d-inline-flex flex-wrap align-items-center gap-2">
          {formatCount(product.quentity)} <LowStockBadge product={product} />
        </span>
      </td>
    </>
  );
}
