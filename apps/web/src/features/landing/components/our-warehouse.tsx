const FACTS = [
  { value: '40,000 sq ft', label: 'of covered, dry storage' },
  { value: '6 AC types', label: 'from window units to ceiling cassettes' },
  { value: 'Same day', label: 'dispatch for orders placed before 2 PM' },
] as const;

/** OUR WAREHOUSE: the photo and what happens there. */
export function OurWarehouse() {
  return (
    <section className="py-5" aria-labelledby="warehouse-heading">
      <div className="container">
        <h2 id="warehouse-heading" className="text-center fw-bold mb-4">
          OUR WAREHOUSE
        </h2>
        <div className="row align-items-center g-4">
          <div className="col-lg-7">
            <img
              src="/images/warehouse.svg"
              width={960}
              height={540}
              className="img-fluid rounded-3 shadow-sm"
              alt="Inside the Walton warehouse: tall racks of boxed air conditioners and a forklift"
              loading="lazy"
            />
          </div>
          <div className="col-lg-5">
            <p>
              Our warehouse in Gazipur sits a short drive from the Walton factory, so new stock arrives every
              week. Each box is scanned in, stored off the floor away from damp, and counted again before it
              leaves, which is why the stock you see on this site is the stock we really have.
            </p>
            <dl className="row mb-0">
              {FACTS.map((fact) => (
                <div className="col-12 d-flex gap-3 align-items-baseline py-1" key={fact.label}>
                  <dt className="fw-bold text-primary-emphasis warehouse-fact-value">{fact.value}</dt>
                  <dd className="mb-0">{fact.label}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </div>
    </section>
  );
}
