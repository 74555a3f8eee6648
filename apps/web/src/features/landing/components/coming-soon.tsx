/** Coming-soon banner: the next product line. */
export function ComingSoon() {
  return (
    <section className="coming-soon text-white py-5" aria-labelledby="coming-soon-heading">
      <div className="container text-center">
        <p className="text-uppercase fw-bold small mb-2 coming-soon-eyebrow">Coming soon</p>
        <h2 id="coming-soon-heading" className="display-6 fw-bold">
          Walton solar-hybrid inverter AC
        </h2>
        <p className="lead mx-auto mb-0 coming-soon-text">
          Cool your home on sunshine during the day and on the grid at night. The first units reach our
          warehouse before next summer; watch this page for pre-booking.
        </p>
      </div>
    </section>
  );
}
