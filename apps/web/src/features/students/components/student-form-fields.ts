import { z } from 'zod';
import { studentFormSchema, type StudentFormInput, type StudentFormValues, privacyMessages } from '@app/shared';

/** The student form's values: SPEC's fields and the consent checkbox (issue 19). */
export type StudentFormFields = StudentFormInput & { consent: boolean };
export type StudentFormOutput = StudentFormValues & { consent: boolean };

/** How the form is checked: whether identity is hidden (the desk), the images and the consent required. */
export interface StudentFormRules {
  mode: 'create' | 'edit';
  identityHidden: boolean;
  /** The three images must be chosen: a new student, or one whose documents were erased. */
  imagesRequired: boolean;
  /** No consent on record: the checkbox must be ticked. */
  consentRequired: boolean;
}

/**
 * The shared form schema (the one the API checks with) and the consent checkbox: ticked,
 * with the catalogue's message, when the student has no consent on record. The API checks
 * the `consent` it is sent (`consentFieldSchema`) and refuses documents without it.
 */
export function studentFormFieldsSchema({ identityHidden, imagesRequired, consentRequired }: StudentFormRules) {
  const base = studentFormSchema(imagesRequired ? 'create' : 'edit');
  const consent = consentRequired
    ? z.boolean().refine((ticked) => ticked, { error: privacyMessages.consent.required })
    : z.boolean();
  // The masked number (XXXX XXXX 1234) is not a valid Aadhaar number: the server keeps the stored one.
  return identityHidden ? base.extend({ aadhaar_number: z.string(), consent }) : base.extend({ consent });
}
