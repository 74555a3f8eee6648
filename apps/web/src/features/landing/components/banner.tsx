import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

/** Landing hero: headline, promo text and Read More to the blog. */
export function Banner() {
  return (
    <section className="landing-banner text-white" aria-labelledby="banner-heading">
      <div className="container py-5">
        <div className="row align-items-center g-4">
          <div className="col-lg-6">
            <p className="text-uppercase fw-semibold small mb-2 landing-banner-eyebrow">Summer stock is in</p>
            <h1 id="banner-heading" className="display-5 fw-bold">
              Beat the Bangladesh heat with Walton inverter air conditioners
            </h1>
            <p className="lead my-4">
              From 1 ton split units for the bedroom to 2.5 ton ceiling cassettes for shops and offices, every
              Walton AC in our Gazipur warehouse is factory fresh, ready to ship and covered by the official
              Walton warranty.
            </p>
            {/* The spec's "Read More", with a hidden ending that says where it leads (link text that
                stands alone, for screen readers and search engines). */}
            <Link to={paths.blog} className="btn btn-warning btn-lg fw-semibold">
              Read More <span className="visually-hidden">on the Walton Warehouse blog</span>
            </Link>
          </div>
          <div className="col-lg-6 text-center">
            <img
              src="/images/banner.svg"
              width={640}
              height={480}
              className="img-fluid"
              alt="A Walton split air conditioner blowing cool air into a sunny room"
              fetchPriority="high"
            />
          </div>
        </div>
      </div>
    </section>
  );
}
