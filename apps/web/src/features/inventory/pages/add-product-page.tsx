import { zodResolver } from '@hookform/resolvers/zod';
import type { CreateProduct, SignedInUser } from '@walton/contract';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { type AddProductFormValues, addProductFormSchema } from '../add-product-form-schema.ts';
import { useCreateProduct } from '../api/create-product.ts';
import { FormField } from '../components/form-field.tsx';
import { ProductDetailFields } from '../components/product-detail-fields.tsx';
import { serverFieldErrors } from '../server-field-errors.ts';

const emptyValues = (user: SignedInUser): AddProductFormValues => ({
  name: '',
  img: '',
  price: '',
  quentity: '',
  description: '',
  suplerName: user.name,
  email: user.email,
  lowStockThreshold: '',
});

const FIELDS = [
  'name',
  'img',
  'price',
  'quentity',
  'description',
  'suplerName',
  'email',
  'lowStockThreshold',
] as const;
const isField = (name: string): name is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(name);

function AddProductForm({ user }: { user: SignedInUser }) {
  const create = useCreateProduct();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<AddProductFormValues, unknown, CreateProduct>({
    resolver: zodResolver(addProductFormSchema),
    defaultValues: emptyValues(user),
  });

  const onSubmit = async (values: CreateProduct) => {
    try {
      const { success } = await create.mutateAsync(values);
      toast.success(success);
      reset(emptyValues(user));
    } catch (error) {
      for (const { field, message } of serverFieldErrors(error)) {
        if (isField(field)) setError(field, { message });
      }
    }
  };

  return (
    <Form noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="add-item-heading">
      {create.isError && (
        <Alert variant="danger" role="alert">
          The item was not added: {create.error.message}
        </Alert>
      )}
      <Row>
        <ProductDetailFields
          field={(name) => ({ registration: register(name), error: errors[name]?.message })}
          afterPrice={
            <Col sm={6}>
              <FormField
                label="Quantity"
                error={errors.quentity?.message}
                registration={register('quentity')}
                type="number"
                inputMode="numeric"
                min={0}
                step={1}
              />
            </Col>
          }
        />
        <Col md={6}>
          <FormField
            label="Supplier name"
            error={errors.suplerName?.message}
            registration={register('suplerName')}
            readOnly
            hint="From your account"
          />
        </Col>
        <Col md={6}>
          <FormField
            label="Supplier email"
            error={errors.email?.message}
            registration={register('email')}
            type="email"
            readOnly
            hint="From your account"
          />
        </Col>
      </Row>
      <Button type="submit" variant="primary" disabled={isSubmitting}>
        {isSubmitting ? 'Adding…' : 'Add Item'}
      </Button>
    </Form>
  );
}

export default function AddProductPage() {
  const { user } = useSession();
  return (
    <div className="container py-4" style={{ maxWidth: 880 }}>
      <h1 id="add-item-heading" className="h2 mb-3">
        Add a new item
      </h1>
      {user ? <AddProductForm user={user} /> : <p role="status">Checking your sign-in…</p>}
      <div className="d-flex flex-wrap gap-2 mt-4">
        <Link to={paths.manageItems} className="btn btn-outline-secondary">
          Back to manage list
        </Link>
        <Link to={paths.myItems} className="btn btn-outline-primary">
          My Items
        </Link>
      </div>
    </div>
  );
}
