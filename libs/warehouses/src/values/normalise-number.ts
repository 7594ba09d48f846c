/** A JSON-safe number, or its exact text when a JSON number would lose or cannot carry it. */
export type NormalisedNumber = number | string;

const INTEGER_TEXT = /^[+-]?\d+$/;
const DECIMAL_TEXT = /^([+-])?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/;

/** JSON has no NaN or Infinity (JSON.stringify would turn them into null, which is a lie). */
function nonFiniteText(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  return value > 0 ? 'Infinity' : '-Infinity';
}

/** Integers: a JSON number when within ±(2^53 − 1), else the exact digits as a string. */
export function normaliseInteger(raw: number | bigint | string): NormalisedNumber {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : nonFiniteText(raw);
  if (typeof raw === 'bigint') return integerFromBigInt(raw);
  const text = raw.trim();
  if (!INTEGER_TEXT.test(text)) return normaliseDecimal(text);
  return integerFromBigInt(BigInt(text));
}

function integerFromBigInt(value: bigint): NormalisedNumber {
  const asNumber = Number(value);
  return Number.isSafeInteger(asNumber) ? asNumber : value.toString();
}

/** Binary floats: already JS numbers (or their text); only non-finite values become strings. */
export function normaliseFloat(raw: number | string): NormalisedNumber {
  const value = typeof raw === 'number' ? raw : numberFromText(raw.trim());
  if (value === undefined) return raw;
  if (value === 0) return 0; // JSON has no negative zero
  return Number.isFinite(value) ? value : nonFiniteText(value);
}

/** Number() plus the spellings warehouses print for non-finite floats (`nan`, `inf`, `-inf`, `Infinity`). */
function numberFromText(text: string): number | undefined {
  const special = /^([+-]?)(nan|inf|infinity)$/i.exec(text);
  if (special) {
    if (special[2]?.toLowerCase() === 'nan') return NaN;
    return special[1] === '-' ? -Infinity : Infinity;
  }
  const value = Number(text);
  return text === '' || Number.isNaN(value) ? undefined : value;
}

/**
 * 32-bit floats widened to a double print as 1.100000023841858; PostgreSQL and most wire
 * protocols print the shortest text that reads back to the same float32 (1.1). Use that, so
 * a REAL column looks the same from every engine.
 */
export function normaliseFloat32(raw: number): NormalisedNumber {
  if (!Number.isFinite(raw)) return nonFiniteText(raw);
  const single = Math.fround(raw);
  for (let digits = 1; digits <= 9; digits++) {
    const candidate = Number(single.toPrecision(digits));
    if (Math.fround(candidate) === single) return candidate;
  }
  return single;
}

/**
 * Exact decimals (DECIMAL/NUMERIC): a JSON number when the number prints back as the same decimal
 * value (12.50 → 12.5, 0.1 → 0.1), else the exact decimal text (12345678901234567890.12 → string).
 */
export function normaliseDecimal(raw: string | number | bigint): NormalisedNumber {
  if (typeof raw === 'number') return normaliseFloat(raw);
  if (typeof raw === 'bigint') return integerFromBigInt(raw);
  const text = raw.trim();
  const canonical = canonicalDecimal(text);
  if (canonical === undefined) return normaliseFloat(text);
  const asNumber = Number(text);
  if (Number.isFinite(asNumber) && canonicalDecimal(String(asNumber)) === canonical) return asNumber === 0 ? 0 : asNumber;
  return canonical;
}

/** The plain decimal form of a numeric text: no exponent, no redundant zeros or sign; undefined if not numeric. */
export function canonicalDecimal(text: string): string | undefined {
  const match = DECIMAL_TEXT.exec(text);
  if (!match) return undefined;
  const [, sign = '', whole = '', fraction = '', exponentText = '0'] = match;
  if (whole === '' && fraction === '') return undefined;
  const digits = `${whole}${fraction}`;
  const pointAt = whole.length + Number(exponentText);
  let integerPart: string;
  let fractionPart: string;
  if (pointAt <= 0) {
    integerPart = '0';
    fractionPart = `${'0'.repeat(-pointAt)}${digits}`;
  } else if (pointAt >= digits.length) {
    integerPart = `${digits}${'0'.repeat(pointAt - digits.length)}`;
    fractionPart = '';
  } else {
    integerPart = digits.slice(0, pointAt);
    fractionPart = digits.slice(pointAt);
  }
  integerPart = integerPart.replace(/^0+(?=\d)/, '');
  fractionPart = fractionPart.replace(/0+$/, '');
  const magnitude = fractionPart ? `${integerPart}.${fractionPart}` : integerPart;
  return sign === '-' && /[1-9]/.test(magnitude) ? `-${magnitude}` : magnitude;
}
