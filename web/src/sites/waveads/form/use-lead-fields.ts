import { useMemo, useState } from 'react';
import type { LeadField } from './lead-rules';
import type { CountryList } from './use-countries';
import {
  EMPTY_LEAD,
  normalizeLead,
  validateLead,
  type LeadErrors,
  type LeadValues,
} from './validate-lead';

/**
 * The form's values and their messages. No message shows before the first submit; from then on
 * they follow the input. A country is checked against the list once the list is there.
 */
export function useLeadFields(countries: CountryList) {
  const [values, setValues] = useState<LeadValues>(EMPTY_LEAD);
  const [errors, setErrors] = useState<LeadErrors>({});
  const [checked, setChecked] = useState(false);

  const codes = useMemo(
    () =>
      countries.status === 'ready' ? new Set(countries.options.map((c) => c.code)) : undefined,
    [countries],
  );

  const update = <F extends LeadField>(field: F, value: LeadValues[F]) => {
    const next = { ...values, [field]: value };
    setValues(next);
    if (checked) setErrors(validateLead(normalizeLead(next), codes));
  };

  /** The submit's check: the lead as it would be sent, and what is wrong with it. */
  const check = () => {
    setChecked(true);
    const lead = normalizeLead(values);
    return { lead, found: validateLead(lead, codes) };
  };

  const reset = () => {
    setValues(EMPTY_LEAD);
    setErrors({});
    setChecked(false);
  };

  return { values, errors, setErrors, update, check, reset };
}
