export { createNewsletterService } from "./newsletter-service.ts";
export { newsletterEmail } from "./newsletter-template.ts";
