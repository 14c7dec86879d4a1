import { useEffect, useRef, useState } from "react";
import { SpriteIcon } from "../ui/icon-sprite.tsx";
import { findPharmacyLogo } from "./pharmacy-logos.ts";

/** The default pharmacy icon: a shopfront with a cross, for pharmacies without (working) artwork. */
function DefaultPharmacyIcon({ className }: { className: string }) {
  return <SpriteIcon symbol="pharmacy" className={className} data-default-logo="" />;
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
