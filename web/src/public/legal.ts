/**
 * The four agreements a clinician accepts at sign-up (spec part 1 §2, step 3), each a public page
 * at /legal/<slug> (LegalPage.tsx): slug → number of sections of its text.
 */
export const LEGAL_DOCUMENTS: Record<string, number> = {
  'terms-of-service': 5,
  'privacy-policy': 5,
  'medical-professionals-agreement': 4,
  'business-associates-agreement': 5,
};

export const legalPath = (slug: string) => `/legal/${slug}`;
