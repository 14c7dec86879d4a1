import { useEffect, useRef, useState } from "react";
import { findPharmacyLogo } from "./pharmacy-logos.ts";

/** The default pharmacy icon: a shopfront with a cross, for pharmacies without (working) artwork. */
function DefaultPharmacyIcon({ className }: { className: string }) {
  return (
    <svg viewBox="0 0 40 40" aria-hidden="true" focusable="false" className={className} data-default-logo="">
      <rect width="40" height="40" rx="10" fill="var(--color-slate-100)" />
      <path
        d="M10 17v13h20V17M8 17l3-7h18l3 7z"
        fill="none"
        stroke="var(--color-slate-500)"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M18.5 19.5h3v2.5h2.5v3h-2.5v2.5h-3V25H16v-3h2.5z" fill="var(--color-brand-700)" />
    </svg>
  );
}

/**
 * A pharmacy's logo, matched by name (see pharmacy-logos.ts). Decorative: the name is always
 * written next to it. A logo that fails to load, even before hydration, becomes the default icon.
 */
export function PharmacyLogo({ name, className = "size-10" }: { name: string; className?: string }) {
  const src = findPharmacyLogo(name);
  const [failed, setFailed] = useState(false);
  const image = useRef<HTMLImageElement>(null);

  useEffect(() => {
    // An error that happened before React hydrated fired no onError: catch it here.
    const element = image.current;
    if (element?.complete && element.naturalWidth === 0) setFailed(true);
  }, []);

  if (!src || failed) return <DefaultPharmacyIcon className={`${className} shrink-0`} />;
  return (
    <img
      ref={image}
      src={src}
      alt=""
      width={40}
      height={40}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className={`${className} shrink-0 rounded-lg`}
    />
  );
}
