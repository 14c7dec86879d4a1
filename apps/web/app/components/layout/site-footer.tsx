import { londonDay } from "@pharmacompare/contract";
import { Link, useLocation } from "react-router";
import { reopenConsentBanner } from "../../lib/cookie-consent.ts";
import { loadWhen, whenVisible } from "../../lib/load-when.tsx";
import type { NavCategory } from "../../lib/nav-categories.ts";
import { footerInfoLinks, legalLinks, sitePaths } from "../../lib/site-paths.ts";
import { LogoMark } from "../ui/icons.tsx";

/** The year of `at` in London, as the copyright line shows it (en-GB, issue 41). */
function copyrightYear(at: Date): string {
  return londonDay(at).slice(0, 4);
}

/** The footer's subscribe form: its code (and the subscription wording) comes as it nears the screen. */
const SubscribeForm = loadWhen(whenVisible("#footer-subscribe"), () =>
  import("../subscription/subscribe-form.tsx").then((module) => module.SubscribeForm),
);

// Every footer link looks alike: one short class (app.css) rather than the utilities on each.
const linkClass = "foot-link";

/**
 * The site footer. Social links are left out on purpose: the product has no social accounts yet,
 * and a link that goes nowhere ("#") is worse than none. Add them here once the accounts exist.
 */
export function SiteFooter({ categories }: { categories: NavCategory[] }) {
  // The subscribe page has the full form already; one is enough.
  const onSubscribePage = useLocation().pathname === sitePaths.subscribe;
  return (
    <footer className="mt-auto border-slate-200 border-t bg-slate-50">
      <div className="page-container py-12">
        <div className="grid gap-10 lg:grid-cols-[minmax(0,17rem)_1fr] lg:gap-12">
          <div>
            <Link
              to={sitePaths.home}
              className="inline-flex items-center gap-2 rounded-md font-bold text-lg text-slate-900"
              aria-label="PharmaCompare home"
            >
              <LogoMark className="size-7" />
              <span>
                Pharma<span className="text-brand-700">Compare</span>
              </span>
            </Link>
            <p className="mt-3 text-slate-600 text-sm leading-6">
              A free, independent way to compare what UK online pharmacies charge for the same medication and
              dosage, so you can see the price before you choose where to buy.
            </p>
          </div>

          <nav
            id="footer-nav"
            aria-label="Footer"
            className="grid grid-cols-2 gap-8 sm:grid-cols-3 lg:grid-cols-6"
          >
            {categories.map((category) => (
              // An anchor target for the home page's category cards when JavaScript is unavailable.
              <div key={category.id} id={`footer-category-${category.id}`}>
                <h2 className="font-semibold text-slate-900 text-sm">{category.name}</h2>
                {category.subcategories.length > 0 ? (
                  <ul className="mt-3 space-y-2">
                    {category.subcategories.map((subcategory) => (
                      <li key={subcategory.id}>
                        <Link to={sitePaths.condition(subcategory.id)} className={linkClass}>
                          {subcategory.name}
                        </Link>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="mt-3 text-slate-600 text-sm">Coming soon</p>
                )}
              </div>
            ))}
            <div>
              <h2 className="font-semibold text-slate-900 text-sm">PharmaCompare</h2>
              <ul className="mt-3 space-y-2">
                {footerInfoLinks.map((link) => (
                  <li key={link.to}>
                    <Link to={link.to} className={linkClass}>
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          </nav>
        </div>

        {onSubscribePage ? null : (
          <section
            id="footer-subscribe"
            aria-labelledby="footer-subscribe-heading"
            className="mt-10 grid gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:p-6 lg:grid-cols-[minmax(0,20rem)_1fr] lg:gap-10"
          >
            <div>
              <h2 id="footer-subscribe-heading" className="font-semibold text-base text-slate-900">
                Price updates by email
              </h2>
              <p className="mt-1 text-slate-600 text-sm leading-6">
                Hear when medication prices drop and when we add new treatments. Free, and you can stop at any
                time.
              </p>
            </div>
            <SubscribeForm
              source="footer"
              showInterests={false}
              layout="row"
              labelledBy="footer-subscribe-heading"
            />
          </section>
        )}

        <div className="mt-6 rounded-xl border border-slate-200 bg-white p-4 text-slate-700 text-sm leading-6">
          <p>
            <strong className="font-semibold text-slate-900">PharmaCompare is not a pharmacy.</strong> We sell
            nothing, give no medical advice and never ask for medical, prescription or payment details. Prices
            come from the pharmacies and can change; always check on the pharmacy's own site and speak to a
            pharmacist, your GP or NHS 111 about your health. This site is for adults: it is not intended for
            anyone under 18. It is free to use and may earn a small commission from pharmacies.
          </p>
        </div>

        <div className="mt-8 flex flex-col gap-4 border-slate-200 border-t pt-6 sm:flex-row sm:items-center sm:justify-between">
          {/* The year at render on the UK clock (issue 41; a departure from public site §1's fixed "2024",
              docs/decisions/011). Server and browser both read London's year, so they agree except in the
              instant a year turns, which is not worth a hydration warning. */}
          <p className="text-slate-600 text-sm" suppressHydrationWarning>
            {`© ${copyrightYear(new Date())} PharmaCompare. All rights reserved.`}
          </p>
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              {/* Withdrawing consent is as easy as giving it (PECR): one click reopens the choice. Without
                  JavaScript the link leads to the Cookie Policy's settings section instead. */}
              <a
                href={`${sitePaths.cookies}#cookie-settings`}
                className={linkClass}
                onClick={(event) => {
                  event.preventDefault();
                  reopenConsentBanner();
                }}
              >
                Cookie settings
              </a>
            </li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
