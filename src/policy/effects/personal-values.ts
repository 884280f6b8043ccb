// A person's own values in text a tool sends or types for someone else to read: a one-time sign-in
// code ("the code is 483920": whoever asked for it takes over the account it guards), a US social
// security number typed into a form or a message, a wallet's seed phrase (seed-words.ts), or a payment card number (Luhn-valid, not one of
// the processors' documented test numbers). The tool is known only by what it does (send, reply,
// post, type, fill, submit: outbound-secrets.ts `sendsText`); the value is known by its shape, so
// the reading holds for any mail, chat, browser or form tool. One-time codes read as
// `may-expose-secret sends a one-time code` (asked, as a credential in a message is); the others as
// `shares-data personal-value KIND to WHERE` (asked by the exfiltration policy). Sources: NIST SP
// 800-63B (out-of-band and look-up secrets are authenticators), NIST SP 800-122 (SSNs and financial
// account numbers as PII), ISO/IEC 7812 (card numbers and the Luhn check), the test-card tables of
// Stripe, Adyen and Braintree.
import type { Effect } from './types.js';
import { seedPhrase } from './seed-words.js';

/** "code is 483920", "verification code: 4839", "OTP 483920", "2FA code 483 920". */
const ONE_TIME_CODE =
  /\b(?:(?:verification|security|login|log-?in|sign-?in|one[- ]time|2fa|two[- ]factor|auth(?:entication)?|access|sms)\s+(?:code|pin|passcode)\b\s*(?:is|was)?\s*[:=-]?|(?:code|passcode|pin)\s*(?:is|was|:|=)|otp\b\s*(?:is|was)?\s*[:=-]?)\s*(\d{3}[ -]?\d{3}|\d{4,8})\b/gi;
/** Words before "code" that make it no secret: an order, coupon, postal, HTTP or exit code. */
const NOT_SECRET_CODE =
  /\b(?:promo|promotion|discount|coupon|voucher|gift|referral|invite|zip|postal|post|area|country|status|error|exit|return|response|http|tracking|product|sku|order|item|style|colou?r|tariff|hs|reference|ref|source|sample|bar|qr|discount|offer|booking|reservation|confirmation|shipment|customer|account|employee|project|branch|cost|tax|class|course|room|door|gate)\s+$/i;
const SSN = /\b(?!000|666|9\d\d)\d{3}-(?!00)\d{2}-(?!0000)\d{4}\b/;
const CARD = /\b(?:\d[ -]?){12,18}\d\b/g;
/** Test numbers the payment processors publish for sandboxes (Stripe, Adyen, Braintree testing docs). */
const TEST_CARD =
  /^(?:4242424242424242|4000\d{12}|4111111111111111|4012888888881881|5555555555554444|5105105105105100|5200828282828210|2223003122003222|378282246310005|371449635398431|6011111111111117|6011000990139424|3056930009020004|36227206271667|3566002020360505|6200000000000005)$/;

function luhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The kind of personal value a piece of outgoing text carries, or undefined. */
export function personalValue(
  text: string,
  context = '',
): 'one-time-code' | 'seed-phrase' | 'ssn' | 'card-number' | undefined {
  const t = text.slice(0, 16 * 1024);
  if (seedPhrase(t, context)) return 'seed-phrase';
  ONE_TIME_CODE.lastIndex = 0;
  for (let m = ONE_TIME_CODE.exec(t); m; m = ONE_TIME_CODE.exec(t))
    if (!NOT_SECRET_CODE.test(t.slice(Math.max(0, m.index - 24), m.index))) return 'one-time-code';
  if (SSN.test(t)) return 'ssn';
  CARD.lastIndex = 0;
  for (let m = CARD.exec(t); m; m = CARD.exec(t)) {
    const digits = m[0].replace(/\D/g, '');
    if (digits.length >= 13 && digits.length <= 19 && /^[2-6]/.test(digits) && luhn(digits) && !TEST_CARD.test(digits))
      if (!/^(\d)\1+$/.test(digits)) return 'card-number';
  }
  return undefined;
}

/** The finding for a personal value that an outbound tool sends to `where`. */
export function personalValueSent(kind: string, where: string, via: string): Effect {
  const w = where.replace(/[^\w@/.:~-]/g, '_').slice(0, 80) || 'remote';
  if (kind === 'seed-phrase')
    return {
      tool: 'exec',
      command: `may-expose-secret sends a wallet seed phrase to ${w}`,
      via: `${via} sends a wallet's seed phrase (twelve or more BIP-39 words) to ${where}`,
    };
  return kind === 'one-time-code'
    ? {
        tool: 'exec',
        command: `may-expose-secret sends a one-time code to ${w}`,
        via: `${via} sends a one-time sign-in code to ${where}`,
      }
    : {
        tool: 'exec',
        command: `shares-data personal-value ${kind} to ${w}`,
        via: `${via} sends a ${kind === 'ssn' ? 'social security number' : 'payment card number'} to ${where}`,
      };
}

/**
 * Text a script hands to a messaging or mail application to send (AppleScript's Messages `send
 * "TEXT" to buddy ...`, a Mail or Outlook message's `content:"TEXT"` that the script sends): read
 * as any outbound tool's text.
 */
export function scriptedSendText(code: string): string[] {
  if (!/\bsend\b/i.test(code)) return [];
  const out: string[] = [];
  for (const m of code.matchAll(/\bsend\s+"((?:[^"\\]|\\.)*)"\s+to\b/gi)) if (m[1]) out.push(m[1]);
  for (const m of code.matchAll(/\b(?:content|plain text content|body)\s*:\s*"((?:[^"\\]|\\.)*)"/gi))
    if (m[1]) out.push(m[1]);
  return out;
}
