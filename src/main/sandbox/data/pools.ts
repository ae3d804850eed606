import type { Random } from '../prng';

/**
 * Text the sandbox fills records with. Deliberately hostile in places: commas, quotes,
 * line breaks, right-to-left and CJK text, emoji, and values a spreadsheet would run
 * as a formula, so exporters and tables get exercised.
 */

export const PERSON_NAMES: readonly string[] = [
  'Maria Santos',
  'Juan dela Cruz',
  'Siti Rahma',
  'Budi Santoso',
  '王伟',
  '李娜',
  '张敏',
  'محمد علي',
  'فاطمة الزهراء',
  'Olivia Smith',
  "Liam O'Brien",
  'Chloé Dubois',
  'José Álvarez',
  'Chinedu Okafor',
  'Aisha Bello',
  'Nguyễn Văn An',
  'Ana Reyes',
  'Rizky Pratama',
  'Zhang "Leo" Wei',
  'Emma Brown',
  'Ahmed Hassan',
  'Priya Sharma',
  'Kenji Tanaka',
  'Sofía García',
];

export const NICKNAMES: readonly string[] = [
  'Ria',
  'Jun',
  'Siti',
  'Budi',
  '小王',
  '娜娜',
  'Mo',
  'Fati',
  'Liv',
  'Lee',
  'Coco',
  'Pepe',
  'Chi',
  'Ash',
];

export const COMPANIES: readonly string[] = [
  'Acme Lending',
  'Globe Retail, Inc.',
  '星辰科技有限公司',
  'شركة النور',
  'Bright "Star" Insurance',
  'Sunrise Microfinance',
  'Kopi & Co',
  'Delta Logistics',
];

/** Values that start a formula or a DDE payload when opened in a spreadsheet. */
export const FORMULA_LIKE: readonly string[] = [
  '=SUM(A1)',
  '+1234',
  '-5',
  '@cmd',
  '=HYPERLINK("http://example.invalid","click")',
  '+63 917 000 0000',
  '=1+2',
  '-2+3',
  '@SUM(B1:B9)',
  "\t=cmd|' /C calc'!A0",
];

const TRICKY_INFO: readonly string[] = [
  'Overdue, 3 days',
  'Said "call me later"',
  'Line one\nline two',
  'Prefers Tagalog, then English',
  '客户要求下午回电',
  'العميل يفضل الاتصال مساءً',
  'VIP 🌟 customer',
  '👍 agreed to pay',
  'Comma, "quote" and\r\nCRLF',
  'Tab\tseparated',
  'Semicolon; separated',
  'Ünïcödé ñame',
  '',
];

export const LABELS: readonly string[] = [
  'Interested',
  'Call back',
  'Not interested',
  'Wrong number',
  'VIP',
  'Promise to pay',
  '已成交',
  'متابعة',
];

export const REMARKS: readonly string[] = [
  'Follow up next week',
  'Customer asked for email',
  'Promised payment Friday',
  'Do not call again',
  '需要再次跟进',
  'تم التواصل',
  'Left voicemail, no answer',
  'Note: "urgent", call before 5pm',
];

export const PRODUCTS: readonly string[] = [
  'Personal loan',
  'Credit card',
  'Insurance plan',
  'Data bundle',
  'Home fibre',
];
export const CITIES: readonly string[] = [
  'Manila',
  'Jakarta',
  'Shenzhen',
  'Dubai',
  'London',
  'Lagos',
  'Cebu',
  'Surabaya',
];

/** Called-party information: mostly ordinary, sometimes hostile, rarely at the 1000-character limit. */
export function calledInfo(random: Random, maxChars: number): string {
  const roll = random.next();
  if (roll < 0.12) return random.pick(FORMULA_LIKE);
  if (roll < 0.35) return random.pick(TRICKY_INFO);
  if (roll < 0.36) {
    const unit = `${random.pick(PERSON_NAMES)}, ${random.pick(COMPANIES)}; `;
    return unit.repeat(Math.ceil(maxChars / unit.length)).slice(0, maxChars);
  }
  if (roll < 0.45) return '';
  return `${random.pick(PERSON_NAMES)}, ${random.pick(COMPANIES)}, ${random.pick(CITIES)}`;
}
