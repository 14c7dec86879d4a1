import { SUPPORT_EMAIL } from "@pharmacompare/contract";
import type { LegalDocument } from "../../components/legal/legal-document.ts";
import { link, list, p, strong } from "../../components/ui/prose.ts";
import { sitePaths } from "../../lib/site-paths.ts";

/** Where the Cookie Policy puts its settings button (rendered by the route, which owns the state). */
export const COOKIE_SETTINGS_SLOT = "cookie-settings";

/**
 * The Cookie Policy (public site §2: eight sections). It must stay true to the code: today the
 * site sets no cookies for visitors and keeps only essential settings in the browser's storage.
 */
export const cookiePolicy: LegalDocument = {
  title: "Cookie Policy",
  description:
    "How PharmaCompare uses cookies and browser storage: no advertising or tracking cookies, only the " +
    "settings the site needs, and how to change your choice.",
  intro: [
    "This policy explains what cookies and similar technologies are, which ones PharmaCompare uses, and how " +
      "you can control them. The short version: we do not use advertising or tracking cookies.",
  ],
  sections: [
    {
      id: "what-cookies-are",
      title: "What cookies are",
      blocks: [
        p(
          "Cookies are small text files a website asks your browser to keep, so that it can remember something " +
            "between pages or visits. Websites can also keep information in your browser's local storage, which " +
            "works in a similar way but is never sent to the website automatically. UK law treats both the same, " +
            "so this policy covers both and calls them cookies for short.",
        ),
      ],
    },
    {
      id: "how-we-use-cookies",
      title: "How we use cookies",
      blocks: [
        p([
          strong("We do not set any cookies of our own for visitors. "),
          "We keep a few settings in your browser's local storage, only so that features you use work as you " +
            "expect. Nothing in this list is used to track you or to show you adverts:",
        ]),
        {
          kind: "definitions",
          items: [
            {
              term: "Your cookie choice",
              text:
                "Whether you chose Essential Only or Accept All, and when, so we do not ask on every page " +
                "(stored as pc.cookieConsent).",
            },
            {
              term: "Dismissed notices",
              text: "Which notices on medication pages you closed, so they stay closed (pc.dismissedMessages).",
            },
            {
              term: "Price updates pop-up",
              text:
                "Whether you have closed the Stay Updated! pop-up and when it was last shown, so that it appears " +
                "at most once every three days (pc.subscriptionPopup).",
            },
            {
              term: "Price alerts waiting to be sent",
              text:
                "Only when you set a price alert while our service could not be reached: the alert (your email " +
                "address, the medication, dosage and target price) with an id and the time you set it, until it " +
                "has been sent to us, which happens automatically as soon as our service answers (priceAlerts).",
            },
          ],
        },
        p(
          "Staff who sign in to our back-office are kept signed in by one strictly necessary cookie of our " +
            "service's (pc_admin_session), which the page itself cannot read and which ends when they sign out, " +
            "or 12 hours after signing in at the latest. That applies to our team only, not to visitors.",
        ),
      ],
    },
    {
      id: "third-party-cookies",
      title: "Third-party cookies",
      blocks: [
        p(
          "Our pages do not include analytics, advertising or social media services that set their own " +
            "cookies. When you follow a link to a pharmacy, you are on the pharmacy's website and it may set " +
            "cookies of its own; its cookie policy explains them, and we have no control over them.",
        ),
        p(
          'A "Visit pharmacy" or "Start a consultation" link passes through our own address on its way to the pharmacy, so that we can ' +
            "count how many visits we send to each pharmacy. That count sets no cookie, reads nothing stored in " +
            "your browser and keeps no identifier of you or your device, so it needs no consent.",
        ),
      ],
    },
    {
      id: "your-choices",
      title: "Your choices under UK GDPR and PECR",
      blocks: [
        p(
          "The Privacy and Electronic Communications Regulations (PECR), together with UK GDPR, say a website " +
            "must ask for your consent before it stores anything on your device, unless it is strictly necessary " +
            "for a service you have asked for. Everything listed above falls into that strictly necessary group.",
        ),
        list(
          [
            strong("Essential Only "),
            "keeps just what the site needs to work. This is everything we use today.",
          ],
          [
            strong("Accept All "),
            "would also allow optional cookies. We have none at the moment, so today both choices have the same " +
              "effect. If we ever add optional cookies, we will update this policy and ask you again before " +
              "setting any.",
          ],
        ),
        p(
          "You can also block or delete cookies and site data in your browser's settings. If you clear them, " +
            "the site will simply ask for your choice again.",
        ),
      ],
    },
    {
      id: "cookie-settings",
      title: "Cookie settings",
      blocks: [
        p("You can see or change your choice at any time. The button below opens the cookie banner again."),
        { kind: "slot", name: COOKIE_SETTINGS_SLOT },
      ],
    },
    {
      id: "retention",
      title: "How long they last",
      blocks: [
        p(
          "Items in local storage stay on your device until you clear your browser's site data or change them " +
            "(for example with the Cookie settings button above). A price alert waiting to be sent is removed " +
            "from your device as soon as it reaches us; from then on our Privacy Policy says how long we keep it.",
        ),
      ],
    },
    {
      id: "updates",
      title: "Updates to this policy",
      blocks: [
        p(
          "If we change how we use cookies, we will update this page before the change takes effect, and ask " +
            "for your consent again where the law requires it.",
        ),
      ],
    },
    {
      id: "contact",
      title: "Contact us",
      blocks: [
        p([
          "Questions about cookies or your privacy are welcome at ",
          link(SUPPORT_EMAIL, `mailto:${SUPPORT_EMAIL}`),
          " or through our ",
          link("contact form", sitePaths.contact),
          ". Our ",
          link("Privacy Policy", sitePaths.privacy),
          " explains how we handle personal information.",
        ]),
      ],
    },
  ],
};
