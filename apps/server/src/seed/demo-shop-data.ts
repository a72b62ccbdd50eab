/**
 * What the demo shop (Harbour Outfitters, a British coastal clothing and homeware shop) sells and who
 * buys there: the fixed lists demo-storefront.ts draws its orders, enquiries and reviews from.
 * Prices are in pence, VAT included as British shops show them.
 */

export interface DemoProduct {
  sku: string;
  name: string;
  price: number;
  variants?: readonly string[];
}

const SIZES = ['S', 'M', 'L', 'XL'] as const;

export const demoProducts: readonly DemoProduct[] = [
  { sku: 'KNT-MER-CREW', name: 'Merino crew jumper', price: 7900, variants: SIZES },
  { sku: 'KNT-GUE', name: 'Guernsey fisherman jumper', price: 11500, variants: SIZES },
  { sku: 'JKT-WAX', name: 'Waxed cotton jacket', price: 18900, variants: SIZES },
  { sku: 'JKT-SMK', name: 'Canvas fishermans smock', price: 6800, variants: SIZES },
  { sku: 'TOP-BRT', name: 'Breton stripe top', price: 4500, variants: SIZES },
  { sku: 'TEE-ANC', name: 'Anchor organic tee', price: 2400, variants: SIZES },
  { sku: 'HAT-BEA', name: 'Ribbed wool beanie', price: 2400, variants: ['Navy', 'Rust', 'Oatmeal'] },
  { sku: 'HAT-OIL', name: 'Oilskin bucket hat', price: 3800, variants: ['S/M', 'L/XL'] },
  { sku: 'SCK-WOL3', name: 'Wool walking socks (3 pairs)', price: 1800, variants: ['4-7', '8-11'] },
  { sku: 'SHO-DEC', name: 'Leather deck shoes', price: 8500, variants: ['UK 7', 'UK 8', 'UK 9', 'UK 10'] },
  { sku: 'BAG-TOT', name: 'Harbour canvas tote', price: 3200 },
  { sku: 'BAG-DUF', name: 'Waxed canvas holdall', price: 9500 },
  { sku: 'HOM-MUG', name: 'Enamel camp mug', price: 1400, variants: ['Blue', 'White'] },
  { sku: 'HOM-BLK', name: 'Lambswool throw', price: 6500, variants: ['Sea green', 'Grey check'] },
  { sku: 'HOM-CDL', name: 'Sea salt and driftwood candle', price: 2200 },
  { sku: 'HOM-LAN', name: 'Brass storm lantern', price: 4800 },
  { sku: 'ACC-SCF', name: 'Lambswool scarf', price: 3500, variants: ['Navy', 'Heather'] },
  { sku: 'ACC-GLV', name: 'Fingerless wool gloves', price: 1900 },
  { sku: 'ACC-MAP', name: 'Cornish coast map print', price: 2800 },
  { sku: 'GFT-CRD', name: 'Gift card', price: 5000 },
];

export const demoFirstNames = [
  'Oliver',
  'Amelia',
  'George',
  'Isla',
  'Harry',
  'Ava',
  'Noah',
  'Mia',
  'Jack',
  'Ivy',
  'Leo',
  'Freya',
  'Arthur',
  'Lily',
  'Muhammad',
  'Florence',
  'Oscar',
  'Willow',
  'Charlie',
  'Rosie',
  'Jacob',
  'Sophia',
  'Thomas',
  'Evie',
  'Alfie',
  'Poppy',
  'Henry',
  'Grace',
  'William',
  'Elsie',
  'Archie',
  'Daisy',
  'Joshua',
  'Sienna',
  'James',
  'Phoebe',
  'Ethan',
  'Matilda',
  'Samuel',
  'Harper',
  'Priya',
  'Aisha',
  'Callum',
  'Niamh',
  'Rhys',
  'Siobhan',
  'Tomasz',
  'Zofia',
  'Kwame',
  'Chloe',
] as const;

export const demoLastNames = [
  'Smith',
  'Jones',
  'Taylor',
  'Brown',
  'Williams',
  'Wilson',
  'Johnson',
  'Davies',
  'Patel',
  'Robinson',
  'Wright',
  'Thompson',
  'Evans',
  'Walker',
  'White',
  'Roberts',
  'Green',
  'Hall',
  'Thomas',
  'Clarke',
  'Jackson',
  'Wood',
  'Harris',
  'Edwards',
  'Turner',
  'Martin',
  'Cooper',
  'Hill',
  'Ward',
  'Hughes',
  'Moore',
  'Clark',
  'King',
  'Harrison',
  'Lewis',
  'Baker',
  'Lee',
  'Allen',
  'Morris',
  'Khan',
  'Scott',
  'Watson',
  'Davis',
  'Parker',
  'James',
  'Bennett',
  'Young',
  'Phillips',
  'Richardson',
  'Mitchell',
  'Pengelly',
  'Trevithick',
  'Nowak',
  'Mensah',
  'MacLeod',
  'O’Brien',
] as const;

export const demoMailDomains = ['example.com', 'example.org', 'example.net', 'example.co.uk'] as const;

/** Towns and postcodes: real places, made-up streets. */
export const demoTowns = [
  { city: 'Falmouth', postalCode: 'TR11 3AB', region: 'Cornwall' },
  { city: 'St Ives', postalCode: 'TR26 1LP', region: 'Cornwall' },
  { city: 'Bristol', postalCode: 'BS1 4QA', region: null },
  { city: 'London', postalCode: 'N1 9GU', region: null },
  { city: 'London', postalCode: 'SE10 9NF', region: null },
  { city: 'Brighton', postalCode: 'BN1 1UB', region: 'East Sussex' },
  { city: 'Manchester', postalCode: 'M4 1HN', region: null },
  { city: 'Leeds', postalCode: 'LS1 6HE', region: 'West Yorkshire' },
  { city: 'Edinburgh', postalCode: 'EH6 6QQ', region: null },
  { city: 'Glasgow', postalCode: 'G12 8QQ', region: null },
  { city: 'Cardiff', postalCode: 'CF10 5AL', region: null },
  { city: 'Whitby', postalCode: 'YO21 3PU', region: 'North Yorkshire' },
  { city: 'Norwich', postalCode: 'NR2 1NR', region: 'Norfolk' },
  { city: 'Oxford', postalCode: 'OX1 2JD', region: 'Oxfordshire' },
  { city: 'Belfast', postalCode: 'BT1 5GS', region: null },
  { city: 'Aberystwyth', postalCode: 'SY23 2AZ', region: 'Ceredigion' },
] as const;

export const demoStreets = [
  'Harbour Row',
  'Quay Street',
  'Chapel Hill',
  'Fore Street',
  'Victoria Road',
  'Church Lane',
  'Station Road',
  'Mill Lane',
  'The Parade',
  'Marine Terrace',
  'High Street',
  'Bridge Street',
] as const;

/** Carriers a British shop ships with, and how their tracking numbers look. */
export const demoCarriers = [
  {
    name: 'Royal Mail',
    tracking: (n: string) => `RM${n.slice(0, 9)}GB`,
    url: 'https://www.royalmail.com/track-your-item',
  },
  { name: 'DPD', tracking: (n: string) => `1550${n.slice(0, 10)}`, url: 'https://track.dpd.co.uk' },
  { name: 'Evri', tracking: (n: string) => `H0${n.slice(0, 14)}`, url: 'https://www.evri.com/track' },
] as const;

export const demoEnquiries = [
  {
    subject: 'Where is my order?',
    message: 'Hello, I ordered last week and have not had a dispatch email yet. Could you check for me?',
  },
  {
    subject: 'Size advice for the Guernsey',
    message: 'I am usually a medium but like a roomy fit. Would you suggest the large?',
  },
  {
    subject: 'Exchange a jumper for a bigger size',
    message: 'The merino crew is lovely but a bit snug. Can I swap it for an L?',
  },
  {
    subject: 'Do you ship to Ireland?',
    message: 'Hi there, do you deliver to Dublin, and how long does it usually take?',
  },
  {
    subject: 'Wholesale enquiry',
    message: 'We run a gift shop in Padstow and would love to stock your candles and mugs. Do you sell wholesale?',
  },
  {
    subject: 'Parcel arrived damaged',
    message: 'The lantern arrived with a dented top. Photos attached. What should I do?',
  },
  {
    subject: 'Gift wrapping',
    message: 'Is it possible to gift wrap an order and add a note? It is a birthday present.',
  },
  { subject: 'Waxed jacket re-proofing', message: 'How often should I re-wax my jacket, and do you sell the wax?' },
  {
    subject: 'Change delivery address',
    message: 'I have just placed an order and put my old address in. Can you change it before it ships?',
  },
  {
    subject: 'Restock of the oatmeal beanie',
    message: 'Will the ribbed beanie in oatmeal be back in stock before Christmas?',
  },
] as const;

export const demoReplies = [
  'Thank you for getting in touch. Your parcel left us this morning; the tracking number is on its way by email.',
  'Thanks for asking. The Guernsey is a generous fit, so we would suggest your usual size.',
  'Of course. Send it back with the returns slip and we will post the new size as soon as it reaches us.',
  'We do, and it usually takes three to five working days. Shipping is shown at checkout.',
  'We are sorry to hear that. We have sent a replacement today; there is no need to return the damaged one.',
  'Happy to help. We have added a note to your order and it will go out gift wrapped.',
] as const;

/** Titles and bodies of reviews, by rating. */
export const demoReviewTexts: Record<1 | 2 | 3 | 4 | 5, readonly (readonly [string, string])[]> = {
  5: [
    ['Perfect', 'Exactly as described and beautifully made. Arrived quickly too.'],
    ['Love it', 'Warm, soft and looks great. I have already ordered another for my partner.'],
    ['Worth every penny', 'You can feel the quality. Fits true to size.'],
    ['Great service', 'Lovely packaging and a handwritten note. Will be back.'],
  ],
  4: [
    ['Very good', 'Really pleased with it, though the colour is a touch darker than the photos.'],
    ['Nice quality', 'Well made. Delivery took a few days longer than I hoped.'],
    ['Good fit', 'Comfortable and warm. Sleeves slightly long for me.'],
  ],
  3: [['It is fine', 'Decent, but I expected it to be a bit thicker for the price.']],
  2: [['Not for me', 'Smaller than expected and the stitching came loose after a month.']],
  1: [['Disappointed', 'Arrived late and not as pictured.']],
};

/** Why a moderator turned a review down: the reasons a shop writes. */
export const demoRejections = [
  'Mentions another shop by name and links to it.',
  'Contains a customer’s phone number.',
  'About the courier, not the product: passed on to our delivery team.',
  'Offensive language.',
] as const;
