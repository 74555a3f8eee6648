import type { Product } from '@walton/contract';
import Card from 'react-bootstrap/Card';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { formatPrice } from '../format.ts';
import { ProductImage } from './product-image.tsx';

/** Home page card: image, name, `BDT $` price, description and an Update button to the detail page. */
export function ProductCard({ product }: { product: Product }) {
  return (
    <Card className="h-100 shadow-sm">
      <div className="p-3 bg-body-tertiary text-center">
        <ProductImage src={product.img} name={product.name} width={320} height={200} />
      </div>
      <Card.Body className="d-flex flex-column">
        <Card.Title as="h3" className="h5">
          {product.name}
        </Card.Title>
        <p className="fw-semibold text-primary-emphasis mb-2">{formatPrice(product.price)}</p>
        <Card.Text className="text-body-secondary flex-grow-1">{product.description}</Card.Text>
        <Link
          to={paths.itemDetail(product._id)}
          className="btn btn-primary align-self-start"
          aria-label={`Update ${product.name}`}
        >
          Update
        </Link>
      </Card.Body>
    </Card>
  );
}
