import { useState } from 'react';

interface Topic {
  title: string;
  body: string;
  quote: string;
  customer: string;
}

const TOPICS: readonly Topic[] = [
  {
    title: 'Why buy from us?',
    body: 'Every unit comes straight from the Walton factory at Chandra, Gazipur, to our warehouse and on to you: no middlemen and no grey imports. You get the official Walton warranty, installation by Walton-trained technicians and after-sales service from Walton service centres across the country.',
    quote:
      'The AC reached Mirpur two days after I ordered it, and the technician installed it the same evening.',
    customer: 'Farhana Akter, Dhaka',
  },
  {
    title: 'Budget-friendly',
    body: 'Buying from the warehouse means warehouse prices. Every product shows its price in BDT up front, with no hidden delivery or installation charges, and monthly instalment plans are available through partner banks for larger units.',
    quote:
      'I compared three showrooms. The same 1.5 ton model was cheaper here, and the price I saw was the price I paid.',
    customer: 'Mahmudul Hasan, Chattogram',
  },
  {
    title: 'Smart technology',
    body: 'Our smart models connect to home Wi-Fi, so you can switch the AC on from your phone before you get home, set schedules and watch power use. Sleep mode eases the temperature through the night, auto restart brings back your settings after a load-shedding cut, and self-clean dries the coil to keep the air fresh.',
    quote:
      'I turn the bedroom AC on from the bus on my way home. The room is cool by the time I open the door.',
    customer: 'Tanvir Ahmed, Sylhet',
  },
  {
    title: 'Energy saving',
    body: 'Walton inverter ACs only work as hard as the room needs. In eco mode the electricity cost is as low as 2.88 taka per hour, so you can keep the family cool through the summer without dreading the electricity bill.',
    quote:
      'Our bill in June was lower than last year with the old window unit, even though we ran the AC every night.',
    customer: 'Nusrat Jahan, Rajshahi',
  },
  {
    title: 'Inverter AC',
    body: 'A fixed-speed AC keeps switching its compressor fully on and off. An inverter AC varies the compressor speed instead: it cools the room quickly, then holds the temperature steadily at low power. The result is less electricity, less noise and less wear, and it copes better with the voltage swings common in our neighbourhoods.',
    quote:
      'It is so quiet that my daughter sleeps through the night, and the room stays at exactly the temperature we set.',
    customer: 'Sabbir Rahman, Khulna',
  },
];

/**
 * WHAT CUSTOMER SAY: five topics, the first open, only one open at a time. A plain accordion on
 * Bootstrap's classes: each topic is a button (Enter/Space, aria-expanded) controlling a labelled
 * section (a region); no component library, so the landing page stays light.
 */
export function CustomerSay() {
  const [openIndex, setOpenIndex] = useState<number | null>(0);
  return (
    <section className="py-5 bg-body-tertiary" aria-labelledby="customer-say-heading">
      <div className="container">
        <h2 id="customer-say-heading" className="text-center fw-bold mb-4">
          WHAT CUSTOMER SAY
        </h2>
        <div className="accordion mx-auto customer-say">
          {TOPICS.map((topic, index) => {
            const open = openIndex === index;
            const headerId = `customer-say-${index}-header`;
            const panelId = `customer-say-${index}`;
            return (
              <div className="accordion-item" key={topic.title}>
                <h3 className="accordion-header" id={headerId}>
                  <button
                    type="button"
                    className={`accordion-button${open ? '' : ' collapsed'}`}
                    aria-expanded={open}
                    aria-controls={panelId}
                    onClick={() => setOpenIndex(open ? null : index)}
                  >
                    {topic.title}
                  </button>
                </h3>
                <section
                  id={panelId}
                  aria-labelledby={headerId}
                  className={`accordion-collapse collapse${open ? ' show' : ''}`}
                >
                  <div className="accordion-body">
                    <p>{topic.body}</p>
                    <figure className="mb-0 border-start border-4 border-primary ps-3">
                      <blockquote className="blockquote fs-6">
                        <p className="mb-0">“{topic.quote}”</p>
                      </blockquote>
                      <figcaption className="blockquote-footer mb-0">{topic.customer}</figcaption>
                    </figure>
                  </div>
                </section>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
