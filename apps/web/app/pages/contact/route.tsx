import { contactMessages, SUPPORT_EMAIL } from "@pharmacompare/contract";
import { Link } from "react-router";
import { BackToHome } from "../../components/ui/back-to-home.tsx";
import { Breadcrumb } from "../../components/ui/breadcrumb.tsx";
import { ChevronDownIcon } from "../../components/ui/icons.tsx";
import { Rich } from "../../components/ui/prose-blocks.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { pageMeta, siteTitle } from "../../lib/page-meta.ts";
import { logFormOutcome } from "../../lib/server-log.server.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import { visitorFormAction } from "../../lib/visitor-form.ts";
import type { Route } from "./+types/route";
import { contactFaq } from "./contact-faq.ts";
import { ContactForm } from "./contact-form.tsx";
import { loadContactSending, unsentContactMessage } from "./contact-sending.ts";

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return pageMeta({
    title: siteTitle("Contact Us"),
    description:
      "Questions about prices, a pharmacy or the website? Send PharmaCompare a message. We aim to reply " +
      "within 24-48 hours on business days.",
    path: sitePaths.contact,
    siteUrl: matches[0]?.loaderData?.env.siteUrl,
  });
}

/**
 * Without JavaScript the form posts here and this server sends it on, with the visitor's address
 * chain (`visitorFormAction`).
 */
export async function action({ request }: Route.ActionArgs) {
  return visitorFormAction(request, {
    // Imported here as in clientAction, so the page's own chunk never holds the sending code.
    load: async () => [serverApi(), (await import("./contact-submission.ts")).sendContactMessage] as const,
    unsent: unsentContactMessage,
    relay: { log: logFormOutcome },
  });
}

/**
 * With JavaScript the browser calls the API itself (public site §7: POST /api/contact); the sending
 * code is fetched when the form is first used (decision 025).
 */
export async function clientAction({ request }: Route.ClientActionArgs) {
  return visitorFormAction(request, { load: loadContactSending, unsent: unsentContactMessage });
}

export default function Contact({ actionData }: Route.ComponentProps) {
  return (
    <>
      <div className="border-slate-200 border-b bg-gradient-to-b from-brand-50 to-white">
        <div className="page-container max-w-5xl py-8 sm:py-12">
          <Breadcrumb trail={[{ label: "Home", to: sitePaths.home }, { label: "Contact" }]} />
          <h1 className="mt-6 font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl">Contact Us</h1>
          <p className="mt-4 max-w-3xl text-lg text-slate-700 leading-8">
            A question about a price, a pharmacy we list, or the website itself? Send us a message and a
            member of our team will get back to you.
          </p>
        </div>
      </div>

      <div className="page-container max-w-5xl py-10 sm:py-14">
        <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-10">
          <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
            <ContactForm serverOutcome={actionData} />
          </div>

          <aside aria-label="Other ways to reach us" className="space-y-5">
            <div className="rounded-2xl bg-slate-50 p-5 ring-1 ring-slate-200">
              <h2 className="font-semibold text-slate-900">Email us</h2>
              <p className="mt-2 text-slate-700 text-sm leading-6">Prefer email? Write to us at</p>
              <a
                href={`mailto:${SUPPORT_EMAIL}`}
                className="mt-1 inline-block break-words rounded-sm font-semibold text-brand-800 text-sm underline underline-offset-2 hover:text-brand-950"
              >
                {SUPPORT_EMAIL}
              </a>
              <h2 className="mt-5 font-semibold text-slate-900">Response time</h2>
              <p className="mt-2 text-slate-700 text-sm leading-6">{contactMessages.responseTime}</p>
              <h2 className="mt-5 font-semibold text-slate-900">Your privacy</h2>
              <p className="mt-2 text-slate-700 text-sm leading-6">
                We use your details only to reply to you. Read our{" "}
                <Link
                  to={sitePaths.privacy}
                  className="rounded-sm font-medium text-brand-800 underline underline-offset-2 hover:text-brand-950"
                >
                  Privacy Policy
                </Link>
                .
              </p>
            </div>
            <div className="rounded-2xl border border-amber-300 border-l-4 bg-amber-50 p-5 text-amber-950">
              <h2 className="font-semibold">Need medical help?</h2>
              <p className="mt-2 text-sm leading-6">
                We cannot give medical advice. In an emergency call 999. For urgent medical advice call NHS
                111.
              </p>
            </div>
          </aside>
        </div>

        <section aria-labelledby="faq-heading" className="mt-14">
          <h2 id="faq-heading" className="font-bold text-2xl text-slate-900 tracking-tight">
            Frequently asked questions
          </h2>
          <div className="mt-6 divide-y divide-slate-200 rounded-2xl bg-white ring-1 ring-slate-200">
            {contactFaq.map((item) => (
              <details key={item.question} className="group px-5 sm:px-6">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-sm py-4 font-semibold text-slate-900 [&::-webkit-details-marker]:hidden">
                  <span>{item.question}</span>
                  <ChevronDownIcon className="size-5 shrink-0 text-slate-500 transition-transform group-open:rotate-180" />
                </summary>
                <p className="pb-5 text-slate-700 leading-7">
                  <Rich text={item.answer} />
                </p>
              </details>
            ))}
          </div>
        </section>

        <div className="mt-12 border-slate-200 border-t pt-8">
          <BackToHome />
        </div>
      </div>
    </>
  );
}
