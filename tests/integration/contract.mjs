// The HTTP contract as the tests and scripts speak it: the API's paths and a lead that passes
// every rule. One place, so that a changed path or a new required field is changed once.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const RULES = JSON.parse(readFileSync(path.join(ROOT, 'rules/lead-form.json'), 'utf8'));

export const LEAD_PATH = '/api/pac-foreign/officialwebsite/add';
export const UPLOAD_PATH = '/api/pac-foreign/officialwebsite/upload?officialWebsiteName=waveads';
export const COUNTRIES_PATH = '/pac-foreign/officialwebsite/country/lsit';
/** The consent text's version a lead records (rules/lead-form.json). */
export const CONSENT_VERSION = RULES.consent.version;

/** A lead every rule accepts, with `overrides` on top. */
export function validLead(overrides = {}) {
  return {
    businessEmail: 'mei.tanaka@example.com',
    firstName: 'Mei',
    lastName: 'Tanaka',
    country: 'JP',
    describes: 'publisher',
    companyName: 'Sakura Games',
    remark: 'Interested in your SDK for our puzzle titles.',
    agree: true,
    officialWebsiteName: RULES.officialWebsiteName,
    ...overrides,
  };
}
