import {
  FIELD_ORDER,
  LEAD_FIELDS,
  ruleMessageKey,
  type FieldRule,
  type LeadField,
  type RuleMessageKey,
} from './lead-rules';

/** What the visitor typed, field by field (the select fields hold their option value or ''). */
export interface LeadValues {
  businessEmail: string;
  firstName: string;
  lastName: string;
  country: string;
  describes: string;
  companyName: string;
  remark: string;
  agree: boolean;
}

export type LeadErrors = Partial<Record<LeadField, RuleMessageKey>>;

export const EMPTY_LEAD: Readonly<LeadValues> = {
  businessEmail: '',
  firstName: '',
  lastName: '',
  country: '',
  describes: '',
  companyName: '',
  remark: '',
  agree: false,
};

// Only for an email field without a pattern of its own in the rules file: local@domain.tld.
const EMAIL = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/;

const patterns = new Map<string, RegExp>();
function patternOf(rule: FieldRule): RegExp | undefined {
  if (rule.pattern === undefined) return rule.type === 'email' ? EMAIL : undefined;
  let re = patterns.get(rule.pattern);
  if (re === undefined) patterns.set(rule.pattern, (re = new RegExp(rule.pattern)));
  return re;
}

/**
 * A value that shows nothing: white space and invisible formatting only (zero-width spaces and
 * joiners, direction marks, word joiners, soft hyphen, BOM, Hangul fillers). The server's
 * `shows_nothing` (api/lead_rules.cpp) refuses the same set.
 */
const BLANK =
  /^[\s\u0085\u00A0\u00AD\u115F\u1160\u1680\u180E\u2000-\u200F\u2028\u2029\u202F\u205F\u2060-\u2064\u3000\u3164\uFEFF\uFFA0]*$/u;

/** The message kind a value breaks under `rule`, or null when it is fine. */
function check(rule: FieldRule, value: string | boolean, countries?: ReadonlySet<string>) {
  if (typeof value === 'boolean') return rule.required && !value ? 'required' : null;
  const empty = rule.notBlank === true ? BLANK.test(value) : value === '';
  if (empty) return rule.required ? 'required' : null;
  if (rule.maxLength !== undefined && [...value].length > rule.maxLength) return 'maxLength';
  const pattern = patternOf(rule);
  if (pattern !== undefined && !pattern.test(value))
    return rule.type === 'email' ? 'email' : 'required';
  if (rule.options !== undefined && !rule.options.includes(value)) return 'required';
  if (rule.type === 'country' && countries !== undefined && !countries.has(value))
    return 'required';
  return null;
}

/** A field's message for a broken rule: its own message of that kind, else its format or required one. */
function messageFor(field: LeadField, kind: string): RuleMessageKey {
  const messages = LEAD_FIELDS[field].messages;
  const chosen = kind in messages ? kind : 'email' in messages ? 'email' : 'required';
  return ruleMessageKey(field, chosen);
}

/** The values as they are checked and sent: surrounding spaces dropped, except in the remark. */
export function normalizeLead(values: LeadValues): LeadValues {
  return {
    ...values,
    businessEmail: values.businessEmail.trim(),
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    companyName: values.companyName.trim(),
  };
}

/**
 * Checks every field against the shared rules and returns the message key of each broken one,
 * in the rules' field order (the first is where the focus goes). `countries`, when known, are
 * the valid country codes.
 */
export function validateLead(values: LeadValues, countries?: ReadonlySet<string>): LeadErrors {
  const errors: LeadErrors = {};
  for (const field of FIELD_ORDER) {
    const kind = check(LEAD_FIELDS[field], values[field], countries);
    if (kind !== null) errors[field] = messageFor(field, kind);
  }
  return errors;
}

/** Maps the server's `errors` (field: English message of the rules file) to message keys. */
export function serverErrors(errors: unknown): LeadErrors {
  const out: LeadErrors = {};
  if (typeof errors !== 'object' || errors === null) return out;
  for (const [field, message] of Object.entries(errors)) {
    if (!(FIELD_ORDER as readonly string[]).includes(field)) continue;
    const f = field as LeadField;
    const kinds = LEAD_FIELDS[f].messages;
    const kind = Object.keys(kinds).find((k) => kinds[k] === message) ?? 'required';
    out[f] = messageFor(f, kind);
  }
  return out;
}
