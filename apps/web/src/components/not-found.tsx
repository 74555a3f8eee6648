import { Link } from 'react-router';
import { paths } from '../config/paths.ts';

/** Any unknown path: the spec's not-found image, plus a way back. */
export default function NotFound() {
  return (
    <section className="container py-5 text-center" aria-labelledby="not-found-heading">
      <img
        src="/images/not-found.svg"
        width={600}
        height={400}
        className="img-fluid"
        alt="Page not found: an empty warehouse shelf with a 404 sign"
      />
      <h1 id="not-found-heading" className="h3 mt-4">
        We could not find that page
      </h1>
      <p className="text-body-secondary">The address may be mistyped, or the page has moved.</p>
      <Link to={paths.home} className="btn btn-primary">
        Back to home
      </Link>
    </section>
  );
}
