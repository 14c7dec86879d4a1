import { ButtonLink } from "./button-link.tsx";
import { ChevronLeftIcon } from "./icons.tsx";

/** The way back to the home page at the foot of the legal and contact pages (public site §2). */
export function BackToHome() {
  return (
    <ButtonLink to="/" variant="secondary">
      <ChevronLeftIcon className="size-4" />
      Back to Home
    </ButtonLink>
  );
}
