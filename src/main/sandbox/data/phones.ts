import type { Random } from '../prng';

/**
 * Countries the sandbox's traffic goes to. Numbers are text and keep their leading
 * `+` (international form) or `0` (national trunk form); both forms are mixed.
 */
export interface Country {
  ccode: string;
  country: string;
  operators: readonly string[];
  mobilePrefixes: readonly string[];
  /** Digits after the prefix in a national significant number. */
  subscriberDigits: number;
}

export const COUNTRIES: readonly Country[] = [
  {
    ccode: '63',
    country: 'Philippines',
    operators: ['Globe', 'Smart', 'DITO'],
    mobilePrefixes: ['917', '918', '927', '995'],
    subscriberDigits: 7,
  },
  {
    ccode: '62',
    country: 'Indonesia',
    operators: ['Telkomsel', 'Indosat', 'XL Axiata'],
    mobilePrefixes: ['812', '813', '857', '878'],
    subscriberDigits: 8,
  },
  {
    ccode: '86',
    country: 'China',
    operators: ['China Mobile', 'China Unicom', 'China Telecom'],
    mobilePrefixes: ['138', '139', '186', '189'],
    subscriberDigits: 8,
  },
  {
    ccode: '971',
    country: 'United Arab Emirates',
    operators: ['Etisalat', 'du'],
    mobilePrefixes: ['50', '52', '55'],
    subscriberDigits: 7,
  },
  {
    ccode: '44',
    country: 'United Kingdom',
    operators: ['Vodafone', 'EE', 'O2'],
    mobilePrefixes: ['7700', '7911', '7400'],
    subscriberDigits: 6,
  },
  {
    ccode: '52',
    country: 'Mexico',
    operators: ['Telcel', 'AT&T Mexico'],
    mobilePrefixes: ['55', '33', '81'],
    subscriberDigits: 8,
  },
  {
    ccode: '234',
    country: 'Nigeria',
    operators: ['MTN', 'Airtel', 'Glo'],
    mobilePrefixes: ['803', '806', '813'],
    subscriberDigits: 7,
  },
];

function digits(random: Random, count: number): string {
  let out = '';
  for (let i = 0; i < count; i++) out += String(random.int(0, 9));
  return out;
}

export function phoneNumber(random: Random, country: Country, form: 'international' | 'national'): string {
  const national = `${random.pick(country.mobilePrefixes)}${digits(random, country.subscriberDigits)}`;
  return form === 'international' ? `+${country.ccode}${national}` : `0${national}`;
}

export function mixedPhoneNumber(random: Random, country: Country): string {
  return phoneNumber(random, country, random.chance(0.6) ? 'international' : 'national');
}

/** A fixed-line style number with a leading zero area code. */
export function fixedLineNumber(random: Random, country: Country): string {
  return random.chance(0.5) ? `+${country.ccode}2${digits(random, 8)}` : `02${digits(random, 8)}`;
}

/** The called number with its middle masked, as task rows show it. */
export function maskNumber(number: string): string {
  if (number.length <= 7) return number;
  return `${number.slice(0, 4)}****${number.slice(-3)}`;
}

export function hexString(random: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += random.int(0, 15).toString(16);
  return out;
}

export function ipv4(random: Random, block: '203.0.113' | '198.51.100' | '192.0.2'): string {
  return `${block}.${random.int(1, 254)}`;
}
