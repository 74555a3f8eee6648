import type { AttributeValues, CreateCategory, CreateProduct } from '@walton/contract';

/** The demo catalogue's one category, by a fixed id so that its items can name it. */
export const AIR_CONDITIONER_ID = 'air-conditioner';

/** The air conditioner's attribute template (issue 40). */
export const AIR_CONDITIONER: CreateCategory = {
  nameEn: 'Air conditioner',
  nameBn: 'এয়ার কন্ডিশনার',
  attributes: [
    {
      key: 'capacity_ton',
      labelEn: 'Capacity',
      labelBn: 'ক্ষমতা',
      type: 'number',
      unit: 'ton',
      required: true,
    },
    { key: 'inverter', labelEn: 'Inverter', labelBn: 'ইনভার্টার', type: 'boolean', required: true },
    {
      key: 'energy_rating',
      labelEn: 'Energy rating',
      labelBn: 'বিদ্যুৎ সাশ্রয় রেটিং',
      type: 'choice',
      options: ['5 star', '4 star', '3 star', '2 star', '1 star'],
      required: false,
    },
    {
      key: 'type',
      labelEn: 'Type',
      labelBn: 'ধরন',
      type: 'choice',
      options: ['split', 'window', 'portable', 'cassette'],
      required: true,
    },
    { key: 'refrigerant', labelEn: 'Refrigerant', labelBn: 'রেফ্রিজারেন্ট', type: 'text', required: false },
  ],
};

const airConditioner = (attributes: AttributeValues) => ({ category: AIR_CONDITIONER_ID, attributes });

const SUPPLIER = { suplerName: 'Walton Hi-Tech Industries', email: 'supply@waltonbd.com' } as const;
const image = (file: string) => `/images/products/${file}.svg`;

/** The demo catalog seeded into an empty database: Walton air conditioners with plausible specs. */
export const DEMO_CATALOG: CreateProduct[] = [
  {
    name: 'Walton WSI-INVERNA-12C 1 Ton Inverter AC',
    img: image('split-inverter-white'),
    price: 58_900,
    quentity: 42,
    description:
      'Wall-mounted split inverter for rooms up to 120 sq ft. Twin-rotary compressor, R32 gas, 4-way swing and a sleep mode that holds the room at 27 °C through the night.',
    model: 'WSI-INVERNA-12C',
    ...airConditioner({
      capacity_ton: 1,
      inverter: true,
      type: 'split',
      energy_rating: '5 star',
      refrigerant: 'R32',
    }),
    display: 'Hidden LED temperature display',
    ...SUPPLIER,
  },
  {
    name: 'Walton WSI-INVERNA-18C 1.5 Ton Inverter AC',
    img: image('split-inverter-white'),
    price: 72_500,
    quentity: 35,
    description:
      'The best-selling 1.5 ton inverter: cools a 180 sq ft bedroom in under 10 minutes and runs on as little as 2.88 taka per hour in eco mode.',
    model: 'WSI-INVERNA-18C',
    ...airConditioner({
      capacity_ton: 1.5,
      inverter: true,
      type: 'split',
      energy_rating: '5 star',
      refrigerant: 'R32',
    }),
    display: 'Hidden LED temperature display',
    ...SUPPLIER,
  },
  {
    name: 'Walton WSI-INVERNA-24C 2 Ton Inverter AC',
    img: image('split-inverter-silver'),
    price: 94_900,
    quentity: 18,
    description:
      'Two-ton inverter for drawing rooms and small offices. Copper condenser coil with anti-corrosion gold fin, turbo mode and self-cleaning.',
    model: 'WSI-INVERNA-24C',
    ...airConditioner({
      capacity_ton: 2,
      inverter: true,
      type: 'split',
      energy_rating: '4 star',
      refrigerant: 'R32',
    }),
    display: 'Digital LED display',
    ...SUPPLIER,
  },
  {
    name: 'Walton WSI-KRYSTALINE-12F 1 Ton Smart Inverter AC',
    img: image('split-inverter-black'),
    price: 64_500,
    quentity: 27,
    description:
      'Glass-front smart inverter with Wi-Fi: switch it on from the Walton Smart app before you get home, and see each month’s energy use.',
    model: 'WSI-KRYSTALINE-12F',
    ...airConditioner({
      capacity_ton: 1,
      inverter: true,
      type: 'split',
      energy_rating: '5 star',
      refrigerant: 'R32',
    }),
    display: 'Touch glass panel',
    prosesor: 'Wi-Fi smart controller',
    ...SUPPLIER,
  },
  {
    name: 'Walton WSI-KRYSTALINE-18F 1.5 Ton Smart Inverter AC',
    img: image('split-inverter-black'),
    price: 79_900,
    quentity: 22,
    description:
      'Smart 1.5 ton inverter with voice-assistant support, PM2.5 filter and a 10-year compressor warranty.',
    model: 'WSI-KRYSTALINE-18F',
    ...airConditioner({
      capacity_ton: 1.5,
      inverter: true,
      type: 'split',
      energy_rating: '5 star',
      refrigerant: 'R32',
    }),
    display: 'Touch glass panel',
    prosesor: 'Wi-Fi smart controller',
    ...SUPPLIER,
  },
  {
    name: 'Walton WSI-RIVERINE-24H 2 Ton Hot & Cool Inverter AC',
    img: image('split-inverter-silver'),
    price: 102_000,
    quentity: 9,
    description:
      'Heat pump inverter that cools in summer and warms in winter. Built for the northern districts, it heats down to −5 °C outside.',
    model: 'WSI-RIVERINE-24H',
    ...airConditioner({
      capacity_ton: 2,
      inverter: true,
      type: 'split',
      energy_rating: '4 star',
      refrigerant: 'R410A',
    }),
    display: 'Digital LED display',
    ...SUPPLIER,
  },
  {
    name: 'Walton WSI-OCEANUS-30A 2.5 Ton Inverter AC',
    img: image('split-inverter-silver'),
    price: 118_500,
    quentity: 6,
    description:
      'Our largest wall-mounted inverter for showrooms and conference rooms up to 350 sq ft, with a 12 m air throw.',
    model: 'WSI-OCEANUS-30A',
    ...airConditioner({
      capacity_ton: 2.5,
      inverter: true,
      type: 'split',
      energy_rating: '4 star',
      refrigerant: 'R410A',
    }),
    display: 'Digital LED display',
    ...SUPPLIER,
  },
  {
    name: 'Walton WSN-RIVERINE-12A 1 Ton Non-Inverter AC',
    img: image('split-standard-white'),
    price: 44_900,
    quentity: 50,
    description:
      'Budget-friendly fixed-speed split AC with a rotary compressor, copper coil and a 3-minute restart guard against voltage dips.',
    model: 'WSN-RIVERINE-12A',
    ...airConditioner({
      capacity_ton: 1,
      inverter: false,
      type: 'split',
      energy_rating: '3 star',
      refrigerant: 'R22',
    }),
    display: 'LED display',
    ...SUPPLIER,
  },
  {
    name: 'Walton WSN-RIVERINE-18A 1.5 Ton Non-Inverter AC',
    img: image('split-standard-white'),
    price: 53_900,
    quentity: 38,
    description:
      'The everyday 1.5 ton split AC: quick cooling, washable filter and a wide-voltage design that works from 150 to 260 volts.',
    model: 'WSN-RIVERINE-18A',
    ...airConditioner({
      capacity_ton: 1.5,
      inverter: false,
      type: 'split',
      energy_rating: '3 star',
      refrigerant: 'R22',
    }),
    display: 'LED display',
    ...SUPPLIER,
  },
  {
    name: 'Walton WSN-GLACIER-24B 2 Ton Non-Inverter AC',
    img: image('split-standard-white'),
    price: 71_900,
    quentity: 14,
    description:
      'Two-ton fixed-speed split AC for shops and offices with long opening hours; anti-rust outdoor cabinet.',
    model: 'WSN-GLACIER-24B',
    ...airConditioner({
      capacity_ton: 2,
      inverter: false,
      type: 'split',
      energy_rating: '2 star',
      refrigerant: 'R410A',
    }),
    display: 'LED display',
    ...SUPPLIER,
  },
  {
    name: 'Walton WWN-COOLER-18W 1.5 Ton Window AC',
    img: image('window-unit'),
    price: 47_500,
    quentity: 11,
    description:
      'Window AC that fits a standard wall opening: no outdoor unit, quick installation, three fan speeds and a 24-hour timer.',
    model: 'WWN-COOLER-18W',
    ...airConditioner({
      capacity_ton: 1.5,
      inverter: false,
      type: 'window',
      energy_rating: '2 star',
      refrigerant: 'R22',
    }),
    display: 'Rotary knobs',
    ...SUPPLIER,
  },
  {
    name: 'Walton WCI-CASSETTE-36 3 Ton Ceiling Cassette Inverter AC',
    img: image('ceiling-cassette'),
    price: 165_000,
    quentity: 4,
    description:
      'Four-way ceiling cassette for banks, clinics and restaurants: even airflow across the whole room, built-in drain pump.',
    model: 'WCI-CASSETTE-36',
    ...airConditioner({
      capacity_ton: 3,
      inverter: true,
      type: 'cassette',
      energy_rating: '4 star',
      refrigerant: 'R410A',
    }),
    display: 'Wired wall controller',
    ...SUPPLIER,
  },
];
