/**
 * Pharmacies whose prescription-only visits start at their online consultation (issue 44,
 * decision 058): each on its own website's host, some taking the medication as context through
 * `{medication}` in the query, some not. Seeded once with the pharmacies (decision 053).
 */
export const DEMO_CONSULTATION_URLS: Record<string, string> = {
  "copperwren-dispensary":
    "https://www.copperwrendispensary.example/online-doctor/start?treatment={medication}",
  "harbourlight-meds": "https://www.harbourlightmeds.example/consultation",
  "elderbloom-health": "https://www.elderbloomhealth.example/assessment?medicine={medication}&step=1",
  "thistlebright-pharmacy": "https://www.thistlebrightpharmacy.example/consult/questionnaire",
  "quillbury-pharmacy": "https://www.quillburypharmacy.example/clinic/start?product={medication}",
};
