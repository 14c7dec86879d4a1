import { SUPPORT_EMAIL } from "@pharmacompare/contract";
import type { LegalDocument } from "../../components/legal/legal-document.ts";
import { link, list, p, strong } from "../../components/ui/prose.ts";
import { sitePaths } from "../../lib/site-paths.ts";

const email = link(SUPPORT_EMAIL, `mailto:${SUPPORT_EMAIL}`);
const ico = link("ico.org.uk", "https://ico.org.uk/make-a-complaint/");

/**
 * The Privacy Policy (public site §2: twelve numbered sections). Retention periods follow §9;
 * what is collected matches what the site really stores (docs/decisions/010-contact-and-legal-pages.md).
 */
export const privacyPolicy: LegalDocument = {
  title: "Privacy Policy",
  description:
    "What personal information PharmaCompare collects, why, how long we keep it and your rights under UK " +
    "data protection law. We never ask for medical, prescription or payment details.",
  intro: [
    "This policy explains what personal information PharmaCompare collects when you use this website, why we " +
      "collect it, how long we keep it and the choices you have. We have tried to keep it short and plain.",
  ],
  sections: [
    {
      id: "introduction",
      title: "Introduction",
      blocks: [
        p(
          "PharmaCompare is a free website for adults in the UK that compares what online pharmacies charge for " +
            "the same medication and dosage. We are not a pharmacy: we sell nothing, and you buy directly from the " +
            "pharmacy you choose.",
        ),
        p([
          "PharmaCompare is the controller of the personal information described here, which means we decide how " +
            "and why it is used. We handle it in line with the UK General Data Protection Regulation (UK GDPR) " +
            "and the Data Protection Act 2018. If you have a question about this policy, write to ",
          email,
          ".",
        ]),
      ],
    },
    {
      id: "information-we-collect",
      title: "Information we collect",
      blocks: [
        p(
          "You can compare prices without an account and without telling us who you are. We only receive " +
            "personal information when you choose to give it to us, and a small amount of technical information " +
            "that every website receives.",
        ),
        list(
          [
            strong("Contact form: "),
            "your name, email address, the subject you pick and your message, together with the internet address " +
              "(IP address) it was sent from, which we use to stop the form being abused.",
          ],
          [
            strong("Price alerts: "),
            "your email address, the medication, dosage and target price you chose, and the lowest price when " +
              "you set the alert. The medication you pick can say something about your health, which the law " +
              "treats as a special category of information: we ask for your explicit consent to it and use it " +
              "only to send that alert.",
          ],
          [
            strong("Price updates by email: "),
            "your email address, the topics you picked (price drops, new medications, promotions, weekly digest), " +
              "the conditions you chose to hear about, if any, and which form you used (the pop-up, the footer " +
              "or the subscribe page).",
          ],
          [
            strong("Proof of your consent: "),
            "for every request for a price alert or subscription, and every confirmation from our email, what " +
              "was asked for (the topics, or the medication and target price), the wording agreed to (by version), " +
              "when, which form was used, and one-way scrambled forms (hashes) of your email address and of the " +
              "internet address used, so that we can show what you asked for.",
          ],
          [
            strong("Technical information: "),
            "when your browser asks for a page, our servers record your IP address, the page requested, the time, " +
              "and your browser type. This is needed to deliver the site and keep it secure.",
          ],
          [
            strong("Stored in your browser: "),
            "a few settings are kept on your own device rather than sent to us, such as your cookie choice, " +
              "whether you have closed the price updates pop-up, and a price alert waiting to be sent when our " +
              "service could not be reached. Our ",
            link("Cookie Policy", sitePaths.cookies),
            " lists them.",
          ],
        ),
        p([
          strong("What we never ask for: "),
          "medical history, prescriptions, payment card details or identity documents. Please do not put medical " +
            "details in a message to us. If you do, we use them only to reply and delete them with the message.",
        ]),
      ],
    },
    {
      id: "legal-basis",
      title: "Our legal basis under UK GDPR",
      blocks: [
        p("The law only allows us to use personal information when we have a lawful basis. Ours are:"),
        list(
          [
            strong("Consent "),
            "for price alert and price update emails: we send them only after you tick the box or press " +
              "Subscribe and then confirm your address from the email we send. You can withdraw your consent at " +
              "any time with the unsubscribe link in every email.",
          ],
          [
            strong("Explicit consent "),
            "(UK GDPR Article 9(2)(a)) for the medication named in a price alert, and for the conditions you " +
              "choose to hear about in price updates, since they can reveal something about your health: the " +
              "form says so beside the box or the conditions, we use them only to send that alert or to choose " +
              "your updates, and you can stop at any time with the unsubscribe link in every email. They are " +
              "deleted with the alert or subscription, as set out under How long we keep information below.",
          ],
          [
            strong("Legitimate interests "),
            "for replying to messages, running the website, keeping it secure and preventing abuse. We only rely " +
              "on this where our interests are not outweighed by your rights.",
          ],
          [
            strong("Legal obligation "),
            "where the law requires us to keep or disclose information, for example to a court or regulator.",
          ],
        ),
      ],
    },
    {
      id: "how-we-use-information",
      title: "How we use information",
      blocks: [
        list(
          "To reply to your message and follow up on what you asked.",
          "To send the price alerts and price updates you asked for, starting with an email asking you to " +
            "confirm your address.",
          "To run, fix and improve the website, for example by finding pages that fail or load slowly.",
          "To keep the website secure, including limiting how many messages one connection can send.",
          "To produce anonymised statistics, such as how many people compared prices for a treatment, which do " +
            "not identify anyone.",
        ),
        p(
          "We only send emails you asked for, and every one has a one-click unsubscribe link. We do not sell " +
            "your personal information, we do " +
            "not use it for advertising, and we do not make decisions about you by automated means that have legal or similarly significant effects.",
        ),
      ],
    },
    {
      id: "sharing",
      title: "Sharing your information",
      blocks: [
        p(
          "We do not give your personal information to pharmacies. When you follow a link to a pharmacy, you " +
            "leave our site and the pharmacy's own privacy policy applies to anything you tell it. The link may " +
            "tell the pharmacy that your visit came from PharmaCompare, so that it can pay us a commission, but " +
            "it does not include your name, email address or anything you have told us.",
        ),
        p(
          'Each "Visit pharmacy" or "Start a consultation" link first passes through our own address, which ' +
            "counts the visit and sends you on to the pharmacy (for a prescription-only medicine, to its " +
            "consultation, which may be told the medicine's name, as a product page's address names it). We count only which pharmacy, medication and pack, which kind of our pages " +
            "the link was on, and the day: no cookie, no IP address and no identifier of you or your device is " +
            "stored with the count, and visits by search-engine robots and pages your browser loads in advance " +
            "are not counted. The totals tell us what visitors find useful and what to invoice pharmacies that " +
            "pay a commission.",
        ),
        p("We share information only with:"),
        list(
          "Service providers who host the website and deliver our emails, acting on our instructions under a " +
            "contract that requires them to keep it secure and use it for nothing else.",
          "Police, courts or regulators, where the law requires it or to protect people from harm.",
          "A new owner, if PharmaCompare is ever sold or merged, who would have to respect this policy.",
        ),
      ],
    },
    {
      id: "your-rights",
      title: "Your rights",
      blocks: [
        p("Under UK data protection law you have the right to:"),
        list(
          "ask for a copy of the personal information we hold about you;",
          "have inaccurate information corrected;",
          "have your information deleted;",
          "ask us to restrict how we use it, or object to our using it;",
          "receive information you gave us in a portable format;",
          "withdraw your consent at any time, without affecting what we did before you withdrew it.",
        ),
        p([
          "To use any of these rights, email ",
          email,
          ". We will reply within one month and will not charge you. We may ask you to confirm your identity " +
            "first, so that we never give your information to someone else.",
        ]),
        p([
          "If you are unhappy with how we have handled your information, please tell us so we can put it right. " +
            "You also have the right to complain to the Information Commissioner's Office (ICO), the UK's " +
            "data protection regulator, at ",
          ico,
          " or on 0303 123 1113.",
        ]),
      ],
    },
    {
      id: "security",
      title: "Security",
      blocks: [
        p(
          "Pages and data travel over encrypted connections (HTTPS). Only staff who need it can see messages: each " +
            "has their own account, passwords are stored only in a scrambled (hashed) form, " +
            "sign-ins expire, and changes staff make are recorded. No website can promise perfect security, but " +
            "if a breach puts your information at risk we will tell you and the ICO as the law requires.",
        ),
      ],
    },
    {
      id: "retention",
      title: "How long we keep information",
      blocks: [
        {
          kind: "definitions",
          items: [
            { term: "Technical logs", text: "Typically 90 days, then deleted." },
            {
              term: "Contact messages",
              text:
                "While we deal with your enquiry and for up to 12 months afterwards, in case you write to us " +
                "again about the same thing, then deleted.",
            },
            {
              term: "Price alert and subscription email addresses",
              text:
                "Until you unsubscribe or ask us to delete them. When you unsubscribe, we stop emailing you " +
                "straight away, and the alert or subscription is deleted with your address 30 days later (so our " +
                "team can see what happened if you contact us). An alert that has fired or expired is deleted " +
                "30 days after it ended. An alert or subscription you never confirm from our email is deleted " +
                "after 30 days.",
            },
            {
              term: "Proof of consent",
              text:
                "The record of each request and confirmation (what was asked for, wording version, time, form, and " +
                "the hashes of your email address and internet address) is kept while the alert or subscription " +
                "exists and for six years after it is deleted, so that we can show you agreed to the emails we sent. " +
                "If you never confirmed the alert or subscription, its record is deleted with it.",
            },
            {
              term: "Unsubscribe record",
              text:
                "When you unsubscribe from every email we send to an address, we keep a one-way hash of that " +
                "address (not the address itself) so that we do not email it again by mistake, and when we last " +
                "sent it a confirmation email, so that it gets at most one a week. It is removed if you later ask " +
                "for emails again and confirm.",
            },
            {
              term: "Emails we send you",
              text: "A copy of each email for 30 days after we send it, then deleted.",
            },
            {
              term: "Anonymised statistics",
              text: "May be kept indefinitely, because they no longer identify anyone.",
            },
            {
              term: "Settings in your browser",
              text: "On your own device until you clear your browser's storage.",
            },
          ],
        },
      ],
    },
    {
      id: "international-transfers",
      title: "International transfers",
      blocks: [
        p(
          "We aim to keep personal information in the UK. Some service providers may process it in other " +
            "countries. When that happens we make sure a safeguard recognised by UK data protection law is in " +
            "place, such as UK adequacy regulations for the country concerned or the ICO's International Data " +
            "Transfer Agreement.",
        ),
      ],
    },
    {
      id: "children",
      title: "Children",
      blocks: [
        p(
          "PharmaCompare is for adults and is not intended for anyone under 18. We do not knowingly collect " +
            "information from children. If you believe a child has given us their details, please contact us and " +
            "we will delete them.",
        ),
      ],
    },
    {
      id: "changes",
      title: "Changes to this policy",
      blocks: [
        p(
          "We may update this policy when the website or the law changes. The date at the top of this page shows " +
            "when it was last reviewed. If a change significantly affects how we use information you have already " +
            "given us, we will tell you by email where we can.",
        ),
      ],
    },
    {
      id: "contact-us",
      title: "Contact us",
      blocks: [
        p([
          "For any question about your personal information or this policy, email ",
          email,
          " or use our ",
          link("contact form", sitePaths.contact),
          ". If you use the form, say in your message that it is about privacy, so it reaches the right person quickly.",
        ]),
      ],
    },
  ],
};
