import { renderRoute } from '@test/render-route.tsx';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

const TOPICS = ['Why buy from us?', 'Budget-friendly', 'Smart technology', 'Energy saving', 'Inverter AC'];

async function renderHome() {
  const rendered = await renderRoute('/');
  await screen.findByRole('heading', { level: 1 });
  return rendered;
}

function topicButton(name: string) {
  return screen.getByRole('button', { name });
}

/** The collapsible part of a topic: the element its button controls, inside Bootstrap's collapse wrapper. */
function panelOf(name: string) {
  const controls = topicButton(name).getAttribute('aria-controls');
  const body = controls ? document.getElementById(controls) : null;
  const collapse = body?.closest('.accordion-collapse');
  if (!body || !(collapse instanceof HTMLElement)) throw new Error(`no panel for ${name}`);
  return collapse;
}

describe('landing banner', () => {
  it('has a headline, promo text and a Read More button that opens the blog', async () => {
    const { user, route } = await renderHome();
    const banner = screen.getByRole('region', { name: /beat the bangladesh heat/i });
    expect(within(banner).getByRole('heading', { level: 1 })).toHaveTextContent(
      'Beat the Bangladesh heat with Walton inverter air conditioners',
    );
    expect(within(banner).getByText(/factory fresh, ready to ship/)).toBeInTheDocument();

    await user.click(within(banner).getByRole('link', { name: 'Read More on the Walton Warehouse blog' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Blog' })).toBeInTheDocument();
    expect(route().location.pathname).toBe('/blog');
  });
});

describe('WHAT CUSTOMER SAY', () => {
  it('lists the five topics in order with the first one open', async () => {
    await renderHome();
    const section = screen.getByRole('region', { name: 'WHAT CUSTOMER SAY' });
    const buttons = within(section).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(TOPICS);
    expect(topicButton('Why buy from us?')).toHaveAttribute('aria-expanded', 'true');
    expect(panelOf('Why buy from us?')).toHaveClass('show');
    for (const topic of TOPICS.slice(1)) {
      expect(topicButton(topic)).toHaveAttribute('aria-expanded', 'false');
      expect(panelOf(topic)).not.toHaveClass('show');
    }
  });

  it('keeps only one topic open at a time, by mouse and by keyboard', async () => {
    const { user } = await renderHome();

    await user.click(topicButton('Energy saving'));
    await waitFor(() => expect(panelOf('Energy saving')).toHaveClass('show'));
    await waitFor(() => expect(panelOf('Why buy from us?')).not.toHaveClass('show'));
    const open = TOPICS.filter((topic) => topicButton(topic).getAttribute('aria-expanded') === 'true');
    expect(open).toEqual(['Energy saving']);

    topicButton('Inverter AC').focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(panelOf('Inverter AC')).toHaveClass('show'));
    await waitFor(() => expect(panelOf('Energy saving')).not.toHaveClass('show'));
    expect(TOPICS.filter((topic) => topicButton(topic).getAttribute('aria-expanded') === 'true')).toEqual([
      'Inverter AC',
    ]);
  });

  it('states the eco-mode electricity cost of 2.88 taka per hour', async () => {
    await renderHome();
    expect(panelOf('Energy saving')).toHaveTextContent(/electricity cost is as low as 2\.88 taka per hour/);
    expect(panelOf('Energy saving')).toHaveTextContent(/eco mode/);
  });
});

describe('warehouse, delivery and coming soon', () => {
  it('shows the warehouse photo with alt text and fixed dimensions', async () => {
    await renderHome();
    const section = screen.getByRole('region', { name: 'OUR WAREHOUSE' });
    const photo = within(section).getByRole('img', { name: /walton warehouse/i });
    expect(photo).toHaveAttribute('src', '/images/warehouse.svg');
    expect(photo).toHaveAttribute('width', '960');
    expect(photo).toHaveAttribute('height', '540');
  });

  it('lists the three delivery promises, with the 30 day money back guarantee', async () => {
    await renderHome();
    const section = screen.getByRole('region', { name: 'Delivered with care' });
    const promises = within(section)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(promises).toEqual(['Worldwide Delivery', 'Free Shipping', '30 Day Money Back Guarantee']);
  });

  it('follows with a coming-soon banner', async () => {
    await renderHome();
    const comingSoon = screen.getByRole('region', { name: 'Walton solar-hybrid inverter AC' });
    expect(within(comingSoon).getByText('Coming soon')).toBeInTheDocument();
    const delivery = screen.getByRole('region', { name: 'Delivered with care' });
    expect(delivery.compareDocumentPosition(comingSoon) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('gives every image on the page alt text and fixed dimensions', async () => {
    await renderHome();
    for (const image of document.querySelectorAll('img')) {
      expect(image.getAttribute('alt')).toMatch(/\w{3,}/);
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
    }
  });
});
