// @vitest-environment node
import { describe, expect, it } from 'vitest';
import rules from '../../../../../rules/lead-form.json' with { type: 'json' };
import { DESCRIBES_OPTIONS, FIELD_ORDER, REMARK_MAX } from './lead-rules';
import {
  EMPTY_LEAD,
  normalizeLead,
  serverErrors,
  validateLead,
  type LeadValues,
} from './validate-lead';

const VALID: LeadValues = {
  businessEmail: 'ana.ruiz@example.com',
  firstName: 'Ana',
  lastName: 'Ruiz',
  country: 'MX',
  describes: 'advertiser',
  companyName: 'Example Apps',
  remark: '',
  agree: true,
};

describe('validateLead, from rules/lead-form.json', () => {
  it('accepts a complete lead', () => {
    expect(validateLead(VALID)).toEqual({});
    expect(validateLead(VALID, new Set(['MX', 'ID']))).toEqual({});
  });

  it('gives every required field its required message at once, in the rules order', () => {
    const errors = validateLead(EMPTY_LEAD);
    expect(Object.keys(errors)).toEqual(FIELD_ORDER.filter((f) => f !== 'remark'));
    expect(errors).toEqual({
      businessEmail: 'form.businessEmail.required',
      firstName: 'form.firstName.required',
      lastName: 'form.lastName.required',
      country: 'form.country.required',
      describes: 'form.describes.required',
      companyName: 'form.companyName.required',
      agree: 'form.agree.required',
    });
  });

  it('takes the field list and required flags from the rules file', () => {
    const required = Object.entries(rules.fields)
      .filter(([, rule]) => rule.required)
      .map(([field]) => field);
    expect(Object.keys(validateLead(EMPTY_LEAD)).sort()).toEqual(required.sort());
    expect(DESCRIBES_OPTIONS).toEqual(rules.fields.describes.options);
    expect(REMARK_MAX).toBe(500);
  });

  it('refuses names of zero-width and other invisible characters only (notBlank)', () => {
    const errors = validateLead({
      ...VALID,
      firstName: '\u200B\u200C',
      lastName: '\uFEFF\u2060',
      companyName: '\u3164',
    });
    expect(errors).toEqual({
      firstName: 'form.firstName.required',
      lastName: 'form.lastName.required',
      companyName: 'form.companyName.required',
    });
    expect(validateLead({ ...VALID, firstName: '\u200BAna' })).toEqual({});
  });

  it.each([
    '.ana@example.com',
    'ana.@example.com',
    'a..b@example.com',
    `${'a'.repeat(65)}@example.com`,
  ])('refuses the email %s (dots, local part over 64)', (email) => {
    expect(validateLead({ ...VALID, businessEmail: email })).toEqual({
      businessEmail: 'form.businessEmail.email',
    });
  });

  it('takes a 64-character local part and dots between words', () => {
    expect(validateLead({ ...VALID, businessEmail: `${'a'.repeat(64)}@example.com` })).toEqual({});
    expect(validateLead({ ...VALID, businessEmail: 'ana.maria.silva@example.com' })).toEqual({});
  });

  it('refuses whitespace-only names and company (notBlank)', () => {
    const errors = validateLead({ ...VALID, firstName: '   ', lastName: '\t', companyName: ' ' });
    expect(errors).toEqual({
      firstName: 'form.firstName.required',
      lastName: 'form.lastName.required',
      companyName: 'form.companyName.required',
    });
  });

  it.each(['ana', 'ana@', '@example.com', 'ana@example', 'ana @example.com', 'ana@exa mple.com'])(
    'refuses the email %j with the format message',
    (email) => {
      expect(validateLead({ ...VALID, businessEmail: email })).toEqual({
        businessEmail: 'form.businessEmail.email',
      });
    },
  );

  it.each(['a@b.co', 'first.last+tag@sub.example.co.jp', "o'neil@example.org"])(
    'accepts the email %j',
    (email) => {
      expect(validateLead({ ...VALID, businessEmail: email })).toEqual({});
    },
  );

  it('applies the rules file email pattern', () => {
    const pattern = new RegExp(rules.fields.businessEmail.pattern);
    for (const email of ['x@y.z', 'bad@-example.com', 'a@b_c.com']) {
      const ok = pattern.test(email);
      expect(validateLead({ ...VALID, businessEmail: email }).businessEmail, email).toBe(
        ok ? undefined : 'form.businessEmail.email',
      );
    }
  });

  it('limits the remark to 500 characters', () => {
    expect(validateLead({ ...VALID, remark: 'x'.repeat(500) })).toEqual({});
    expect(validateLead({ ...VALID, remark: 'x'.repeat(501) })).toEqual({
      remark: 'form.remark.maxLength',
    });
    // Characters, not UTF-16 units: 500 emoji are fine.
    expect(validateLead({ ...VALID, remark: '🌊'.repeat(500) })).toEqual({});
  });

  it('limits names and company to their lengths', () => {
    expect(
      validateLead({ ...VALID, firstName: 'x'.repeat(101), companyName: 'y'.repeat(201) }),
    ).toEqual({ firstName: 'form.firstName.maxLength', companyName: 'form.companyName.maxLength' });
  });

  it('accepts only the six interest options', () => {
    for (const option of DESCRIBES_OPTIONS) {
      expect(validateLead({ ...VALID, describes: option })).toEqual({});
    }
    expect(DESCRIBES_OPTIONS).toHaveLength(6);
    expect(validateLead({ ...VALID, describes: 'hacker' })).toEqual({
      describes: 'form.describes.required',
    });
  });

  it('accepts only a country of the list, once the list is known', () => {
    expect(validateLead({ ...VALID, country: 'ZZ' }, new Set(['MX']))).toEqual({
      country: 'form.country.required',
    });
  });

  it('needs the agreement ticked', () => {
    expect(validateLead({ ...VALID, agree: false })).toEqual({ agree: 'form.agree.required' });
  });

  it('trims what it sends, except the remark', () => {
    expect(
      normalizeLead({ ...VALID, businessEmail: ' a@b.co ', firstName: ' Ana ', remark: ' hi ' }),
    ).toMatchObject({ businessEmail: 'a@b.co', firstName: 'Ana', remark: ' hi ' });
    expect(validateLead(normalizeLead({ ...VALID, businessEmail: '  ' }))).toEqual({
      businessEmail: 'form.businessEmail.required',
    });
  });
});

describe('serverErrors', () => {
  it("maps the server's English messages back to message keys", () => {
    expect(
      serverErrors({
        businessEmail: rules.fields.businessEmail.messages.email,
        agree: rules.fields.agree.messages.required,
        officialWebsiteName: 'officialWebsiteName must be "waveads".',
      }),
    ).toEqual({ businessEmail: 'form.businessEmail.email', agree: 'form.agree.required' });
  });

  it('falls back to the required message and ignores junk', () => {
    expect(serverErrors({ country: 'unknown country' })).toEqual({
      country: 'form.country.required',
    });
    expect(serverErrors(null)).toEqual({});
    expect(serverErrors('nope')).toEqual({});
  });
});
