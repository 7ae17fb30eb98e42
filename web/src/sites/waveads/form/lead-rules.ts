/**
 * The contact form's rules, read from the shared rules file (rules/lead-form.json) that the C++
 * validator embeds too: fields, limits, options and the English messages are defined there
 * once. The web dictionaries translate each message under the key `form.<field>.<kind>`.
 */
import rules from '../../../../../rules/lead-form.json' with { type: 'json' };

const { consent, fields, honeypot, officialWebsiteName, order } = rules;

export type LeadFields = typeof fields;
export type LeadField = keyof LeadFields;

/**
 * A message kind of a field, as the rules file names it (`required`, `email`, `maxLength`).
 * TypeScript gives sibling JSON objects each other's keys as optional `undefined` properties:
 * only the kinds a field really has (a string) count.
 */
type Defined<M> = { [K in keyof M]-?: M[K] extends string ? K : never }[keyof M];
type MessageKind<F extends LeadField> = Defined<LeadFields[F]['messages']> & string;

/** The dictionary key of every message of the rules file. */
export type RuleMessageKey = { [F in LeadField]: `form.${F}.${MessageKind<F>}` }[LeadField];

export type DescribesOption = keyof LeadFields['describes']['optionLabels'];
export type OptionLabelKey = `form.describes.option.${DescribesOption}`;

/** The shape every field rule of the file has (the JSON's own type, widened). */
export interface FieldRule {
  readonly type: string;
  readonly required: boolean;
  readonly notBlank?: boolean;
  readonly maxLength?: number;
  /** A regular expression the whole value must match (the email format). */
  readonly pattern?: string;
  readonly options?: readonly string[];
  readonly messages: Readonly<Record<string, string>>;
}

export const LEAD_FIELDS: Readonly<Record<LeadField, FieldRule>> = fields;
export const FIELD_ORDER = order as readonly LeadField[];
export const DESCRIBES_OPTIONS = fields.describes.options as readonly DescribesOption[];
export const REMARK_MAX = fields.remark.maxLength;
export const CONSENT = consent;
export const HONEYPOT_FIELD = honeypot;
export const OFFICIAL_WEBSITE_NAME = officialWebsiteName;

export function ruleMessageKey(field: LeadField, kind: string): RuleMessageKey {
  return `form.${field}.${kind}` as RuleMessageKey;
}
