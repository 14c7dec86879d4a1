import type {
  AdminMessageCategory,
  BlogCategory,
  ConsultationFeeBasis,
  DeliveryOption,
  LegalCategoryId,
  MedicationForm,
} from "@pharmacompare/contract";
import type { z } from "zod";

/**
 * Shapes of the demo catalogue. Plain typed data: the seeder writes it to the database and
 * tests import it to know what to expect. Nothing here touches the database.
 */

interface DemoSubcategory {
  id: string;
  name: string;
  description: string;
}

export interface DemoCategory {
  id: string;
  name: string;
  subcategories: DemoSubcategory[];
}

export interface DemoMedication {
  id: string;
  name: string;
  genericName?: string;
  category: string;
  subcategory: string;
  form: z.infer<typeof MedicationForm>;
  /** Its UK legal category as pharmacies sell the listed packs (decision 035). */
  legalCategory: LegalCategoryId;
  description: string;
  /** Strength/quantity strings as a visitor picks them, e.g. "50mg x 4 tablets". */
  dosage: string[];
  /** Typical UK online price in pounds for each entry of `dosage`, same order. */
  typicalPrice: number[];
}

export interface DemoPharmacy {
  id: string;
  name: string;
  website: string;
  rating: number;
  deliveryOptions: z.infer<typeof DeliveryOption>[];
  deliveryTime: string;
  prescriptionRequired: boolean;
  description: string;
  trustpilotUrl: string;
  minOrderValue: number;
  deliveryFee: number;
  freeDeliveryThreshold: number;
  /** A consultation or prescribing fee for the few that charge one; left out (0) for the rest. */
  consultationFee?: number;
  consultationFeeBasis?: ConsultationFeeBasis;
  gphcNumber: string;
  /** Only for the few that run a CQC-registered online clinic; left out (null) for the rest. */
  cqcNumber?: string;
}

export interface DemoPrice {
  medicationId: string;
  pharmacyId: string;
  dosage: string;
  price: number;
  /** An introductory price and its terms (decision 057; introductory-prices.ts), on a few rows. */
  introductoryPrice?: number;
  introductoryTerms?: "first-month" | "first-order";
  quantity: number;
  inStock: boolean;
  link: string;
}

export interface DemoPriceHistoryPoint {
  medicationId: string;
  pharmacyId: string;
  dosage: string;
  price: number;
  inStock: boolean;
  recordedAt: Date;
}

export interface DemoBlogPost {
  slug: string;
  title: string;
  excerpt: string;
  content: string;
  author: string;
  /** ISO date, e.g. "2025-08-18T09:00:00.000Z". */
  publishDate: string;
  lastUpdated: string;
  category: z.infer<typeof BlogCategory>;
  tags: string[];
  featuredImage: string | null;
  metaDescription: string;
  metaKeywords: string[];
  readTime: number;
  published: boolean;
}

export interface DemoAdminMessage {
  medicationId: string;
  /** null: a general message shown as a banner on the medication's page. */
  pharmacyId: string | null;
  category: z.infer<typeof AdminMessageCategory>;
  title: string;
  message: string;
  /** Days relative to the moment of seeding (negative = in the past). */
  startOffsetDays: number;
  endOffsetDays: number | null;
  priority: number;
  active: boolean;
}
