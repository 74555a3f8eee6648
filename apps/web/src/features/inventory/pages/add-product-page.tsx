import { zodResolver } from '@hookform/resolvers/zod';
import { apiErrorSchema, type CreateProduct, type SignedInUser } from '@walton/contract';
import { useId } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import Row from 'react-bootstrap/Row';
import { type FieldPath, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { toast } from '../../../lib/toast.ts';
import { type AddProductFormValues, addProductFormSchema } from '../add-product-form-schema.ts';
import { useCreateProduct } from '../api/create-product.ts';

const emptyValues = (user: SignedInUser): AddProductFormValues => ({
  name: '',
  img: '',
  price: '',
  quentity: '',
  description: '',
  suplerName: user.name,
  email: user.email,
});

const FIELDS = ['name', 'img', 'price', 'quentity', 'description', 'suplerName', 'email'] as const;
const isField = (name: string): name is (typeof FIELDS)[number] =>
  (FIELDS as readonly string[]).includes(name);

/** A labelled input whose error is announced and linked to it. */
function Field({
  label,
  error,
  registration,
  hint,
  ...inputProps
}: {
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn<FieldPath<AddProductFormValues>>;
  hint?: string;
  type?: string;
  as?: 'textarea';
  rows?: number;
  readOnly?: boolean;
  inputMode?: 'decimal' | 'numeric' | 'url' | 'email';
  min?: number;
  step?: number | string;
  autoComplete?: string;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        {...registration}
        {...inputProps}
        required
        isInvalid={Boolean(error)}
        aria-invalid={Boolean(error)}
        aria-describedby={describedBy}
      />
      {hint && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
      <Form.Control.Feedback type="invalid" id={errorId}>
        {error}
      </Form.Control.Feedback>
    </Form.Group>
  );
}

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
      if (error instanceof ApiRequestError) {
        const parsed = apiErrorSchema.safeParse(error.body);
        for (const issue of parsed.success ? (parsed.data.issues ?? []) : []) {
          const field = issue.path.replace(/^body\./, '');
          if (isField(field)) setError(field, { message: issue.message });
        }
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
        <Col md={6}>
          <Field label="Name" error={errors.name?.message} registration={register('name')} />
        </Col>
        <Col md={6}>
          <Field
            label="Image URL"
            error={errors.img?.message}
            registration={register('img')}
            type="url"
            inputMode="url"
            hint="An http(s) address, or a path under /images/"
          />
        </Col>
        <Col sm={6}>
          <Field
            label="Price (BDT)"
            error={errors.price?.message}
            registration={register('price')}
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
          />
        </Col>
        <Col sm={6}>
          <Field
            label="Quantity"
            error={errors.quentity?.message}
            registration={register('quentity')}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
          />
        </Col>
        <Col xs={12}>
          <Field
            label="Description"
            error={errors.description?.message}
            registration={register('description')}
            as="textarea"
            rows={4}
          />
        </Col>
        <Col md={6}>
          <Field
            label="Supplier name"
            error={errors.suplerName?.message}
            registration={register('suplerName')}
            readOnly
            hint="From your account"
          />
        </Col>
        <Col md={6}>
          <Field
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
