const STEPS = [
  {
    title: 'Pick the right size',
    text: 'Roughly 1 ton cools a room up to 120 sq ft, 1.5 ton up to 180 sq ft and 2 ton up to 250 sq ft. Sunny top-floor rooms need a size up.',
  },
  {
    title: 'We deliver',
    text: 'Your AC leaves the warehouse on a scheduled slot and our team calls you an hour before arrival.',
  },
  {
    title: 'We install and explain',
    text: 'A Walton-trained technician mounts the unit, checks the gas pressure and shows you eco mode, sleep mode and the timer.',
  },
] as const;

/** Extra section: how buying an AC from the warehouse works. */
export function BuyingSteps() {
  return (
    <section className="py-5" aria-labelledby="buying-steps-heading">
      <div className="container">
        <h2 id="buying-steps-heading" className="text-center fw-bold mb-4">
          From our racks to your room
        </h2>
        <ol className="row g-4 list-unstyled mb-0 buying-steps">
          {STEPS.map((step, index) => (
            <li className="col-md-4" key={step.title}>
              <div className="d-flex gap-3">
                <span className="buying-step-number" aria-hidden="true">
                  {index + 1}
                </span>
                <div>
                  <h3 className="h5 fw-bold">{step.title}</h3>
                  <p className="mb-0">{step.text}</p>
                </div>
              </div>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
