import type { DemoBlogPost } from "./types.ts";

const WEGOVY_VS_MOUNJARO = `Wegovy and Mounjaro are the two weight loss injections that UK online pharmacies are asked about most. Both are prescription-only medicines, both are injected once a week with a pre-filled pen, and both are supplied privately by a large number of online pharmacies as well as, in more limited circumstances, through the NHS. Because private prices vary from one pharmacy to the next, and because the cost usually changes as the dose goes up, comparing them is not as simple as looking at a single figure.

This article explains how the two medicines differ, what affects the price you pay and how to compare like with like. It is general information only. Whether either medicine is suitable for you is a decision for a qualified prescriber, and your pharmacist or GP is the best person to talk to if you have questions about your health.

## What are Wegovy and Mounjaro?

Wegovy contains semaglutide, which belongs to a group of medicines called GLP-1 receptor agonists. Mounjaro contains tirzepatide, which acts on two hormone receptors, GIP and GLP-1. Both are authorised in the UK by the Medicines and Healthcare products Regulatory Agency (MHRA) for weight management in adults, alongside a reduced-calorie diet and more physical activity, for people who meet the body mass index (BMI) criteria in the licence.

| Feature | Wegovy | Mounjaro |
| --- | --- | --- |
| Active ingredient | Semaglutide | Tirzepatide |
| How often it is used | Once a week | Once a week |
| Pen supplied in the UK | Pre-filled pen holding four doses | KwikPen holding four doses |
| Strengths | 0.25mg, 0.5mg, 1mg, 1.7mg, 2.4mg | 2.5mg, 5mg, 7.5mg, 10mg, 12.5mg, 15mg |

## Why the price changes with the dose

Both medicines are started at a low dose that is increased in steps, usually no more often than every four weeks, as set out in the product information and as your prescriber decides. Each strength comes in its own pen, and pharmacies often price each strength separately. In practice, the cost of a month's supply in the first few months can be quite different from the cost later on.

When you compare prices, check:

- **The strength.** Make sure the price you are looking at is for the strength you have been prescribed. A lower price for a different strength is not a like-for-like comparison.
- **What one order contains.** A single pen holds four weekly doses, which is roughly a month of treatment. Some pharmacies sell multi-month bundles, so divide by the number of pens to compare.
- **Consultation and delivery costs.** Some pharmacies include the online consultation and temperature-controlled delivery in the price; others add them at the checkout.
- **The doses that may come next.** If your prescriber plans to increase your dose, look at what the same pharmacy charges for the higher strengths as well as the starting pen.

## Why prices differ between pharmacies

Pharmacies set their own private prices. Differences usually reflect what each business pays its wholesaler, how much it charges for its clinical service, how it packs and ships items that must be kept cool, and whether it is running an offer. Prices can change at short notice, particularly when a manufacturer changes its list price or when stock of a particular strength is limited.

PharmaCompare shows the prices that pharmacies list when we check them, together with whether each item is shown as in stock. Always confirm the final price on the pharmacy's own website before you pay, because it is the pharmacy, not PharmaCompare, that sets the price and supplies the medicine.

## The consultation comes first

Because Wegovy and Mounjaro are prescription-only medicines, a legitimate online pharmacy will not simply sell you a pen. You will be asked to complete an online consultation that is reviewed by a UK-registered prescriber, such as a doctor, a pharmacist independent prescriber or a nurse prescriber. Expect questions about your height, weight, medical history and any other medicines you take. You may be asked for evidence of your weight or for permission to share information with your GP. If the prescriber decides the treatment is not appropriate for you, the order will not go ahead, whatever the price.

## How to check that a pharmacy is genuine

The MHRA has warned the public about weight loss injections sold through social media, beauty salons and unregistered websites, some of which have turned out to be fake or to contain unknown substances. Before ordering:

1. Check that the pharmacy appears on the [General Pharmaceutical Council (GPhC) register](https://www.pharmacyregulation.org). Registered pharmacies display their registration number, which you can look up.
2. Make sure a prescriber reviews your answers before anything is supplied.
3. Be wary of prices that look far lower than everywhere else, and never buy from a seller that does not ask about your health.

If you think you have had a side effect from any medicine, you can report it through the MHRA's [Yellow Card scheme](https://yellowcard.mhra.gov.uk). For advice, speak to a pharmacist, your GP or NHS 111.

## The bottom line

Wegovy and Mounjaro are different medicines with different dose ranges, so the cheaper option on paper is not necessarily the right one for you, and that choice belongs with your prescriber. What you can control is where you buy. Compare the price for your exact strength, include consultation and delivery costs, think about the doses that may come next, and stick to GPhC-registered pharmacies. PharmaCompare is free to use, does not sell medicines and does not give medical advice: it puts the prices side by side so that you can make an informed choice.`;

const SAVE_ON_PRESCRIPTIONS = `Prescription costs add up quickly, especially if you take more than one medicine every month. There are several legitimate ways to pay less, whether you use NHS prescriptions, private online pharmacies or a mix of both. This guide sets out the main options for readers across the UK. It is general information rather than advice about your treatment: if you are unsure whether a change is right for you, talk to your pharmacist or GP.

## Know what you are paying for

In England, the NHS prescription charge is £9.90 per item at the time of writing. The charge applies to each medicine on a prescription, so a prescription with three items costs £29.70 unless you are exempt. NHS prescriptions are free for everyone in Scotland, Wales and Northern Ireland. The rules for people who live in one nation but use a GP or pharmacy in another can differ, so check if that applies to you.

Private prescriptions work differently. When you buy a prescription-only medicine from an online pharmacy, or take a private prescription to a pharmacy, you pay whatever that pharmacy charges rather than the NHS charge. For some inexpensive generic medicines the private price can be lower than £9.90; for others it is far higher.

## Check whether you are exempt

Many people in England do not have to pay prescription charges at all. You may be entitled to free NHS prescriptions if, for example, you:

- are aged 60 or over, or under 16;
- are 16, 17 or 18 and in full-time education;
- are pregnant or have had a baby in the past 12 months and hold a valid maternity exemption certificate;
- have certain medical conditions and hold a valid medical exemption certificate;
- receive certain benefits, or hold an HC2 certificate under the NHS Low Income Scheme.

The full rules are published by the NHS and the [NHS Business Services Authority](https://www.nhsbsa.nhs.uk). Claiming free prescriptions when you are not entitled can lead to a penalty charge, so check before you tick a box on the form.

## Consider a prescription prepayment certificate

If you pay for NHS prescriptions in England and need several items, a prescription prepayment certificate (PPC) can save a lot. A PPC covers all your NHS prescriptions for a fixed period for a single price. At the time of writing, a 3-month PPC costs £32.05 and a 12-month PPC costs £114.50, and the 12-month certificate can be paid in ten monthly instalments by direct debit.

A quick way to judge it: at £9.90 an item, the 3-month certificate pays for itself once you need four items in three months, and the 12-month certificate once you need twelve items in a year. There is also a separate HRT prescription prepayment certificate that covers certain hormone replacement therapy medicines. PPCs can be bought online from the NHS Business Services Authority and from some pharmacies.

## Ask about generic medicines

Many medicines are sold both under a brand name and as a generic version containing the same active ingredient. On the NHS the charge per item is the same whichever version you receive, but privately the difference can be large. Generic sildenafil, for example, usually costs a fraction of the price of branded Viagra. If you buy privately and would be happy with a generic, mention it during your consultation and let the prescriber decide whether it is suitable.

## Compare the total price, not just the headline figure

When you buy privately, the cheapest listed price is not always the cheapest order. Before you pay, add up:

- the price of the medicine for the strength and pack size you need;
- any consultation or prescribing fee;
- delivery charges, and the order value needed for free delivery;
- any minimum order value.

| Example order | Pharmacy A | Pharmacy B |
| --- | --- | --- |
| Medicine | £14.00 | £12.50 |
| Consultation fee | Included | £2.00 |
| Delivery | Free | £3.50 |
| **Total** | **£14.00** | **£18.00** |

In this made-up example, the pharmacy with the lower headline price ends up costing more. Pack sizes matter too: a larger pack often works out cheaper per tablet, but only buy what you have been prescribed and will use before it expires.

## Make use of your local pharmacy

Community pharmacists can help you save money as well as time. For some minor conditions, an over-the-counter product may cost less than a prescription charge, and the pharmacist can tell you whether one is suitable. In England, the NHS Pharmacy First service lets pharmacists assess and, where appropriate, supply treatment for seven common conditions without a GP appointment: sinusitis, sore throat, earache, infected insect bites, impetigo, shingles and uncomplicated urinary tract infections in women. The usual NHS prescription charge or exemption rules apply.

Ordering repeat prescriptions in good time, for example through the NHS App, also helps you avoid paying privately for an urgent supply because you ran out.

## Stay safe while you save

A lower price is never worth a risk to your health. Prescription-only medicines bought online still require an online consultation with a UK-registered prescriber, and the pharmacy that supplies them should be registered with the General Pharmaceutical Council (GPhC). The MHRA warns that medicines from unregulated websites may be fake or unsafe. Do not switch medicines on price alone; speak to a pharmacist or your GP first.

## A quick checklist

1. Check whether you qualify for free NHS prescriptions.
2. Work out whether a prepayment certificate would pay for itself.
3. Ask whether a generic version is suitable.
4. Compare the total cost, including consultation and delivery.
5. Only buy from GPhC-registered pharmacies.`;

const GENERIC_VS_BRAND_ED = `If you have compared prices for erectile dysfunction (ED) treatments, you will have noticed that what looks like the same medicine can be sold at very different prices. Viagra and sildenafil, or Cialis and tadalafil, sit side by side on pharmacy websites with price gaps that can look hard to explain. This article explains what "generic" means, how generics are regulated in the UK and what actually differs between a brand and its generic equivalent. It is general information, not medical advice, and a pharmacist or GP can answer questions about your own situation.

## Brand names and generic names

Every medicine has an active ingredient with an official name, such as sildenafil. The company that first develops a medicine sells it under a brand name while it is protected by a patent. Once the patent expires, other manufacturers can apply for a licence to make their own versions, which are usually sold under the name of the active ingredient. These are generic medicines.

| Brand name | Active ingredient | Generic versions in the UK |
| --- | --- | --- |
| Viagra | Sildenafil | Widely available since 2013 |
| Cialis | Tadalafil | Widely available since 2017 |
| Levitra | Vardenafil | Available |
| Spedra | Avanafil | Usually sold under the brand name |

## How generics are regulated

In the UK, a generic medicine must be authorised by the Medicines and Healthcare products Regulatory Agency (MHRA) before it can be sold. The manufacturer has to show that its product contains the same active ingredient, in the same strength and form, as the original, and that it is bioequivalent: the body absorbs it in a comparable way, within strict limits. Generic medicines are made to the same manufacturing standards as branded ones and are subject to the same safety monitoring.

## What can be different

A generic and its brand are not identical in every respect. The differences you may notice are:

- **Appearance.** Tablets can differ in shape, size and colour. Viagra's blue, diamond-shaped tablet is well known; generic sildenafil tablets are often white or blue and a different shape.
- **Inactive ingredients.** Fillers, coatings and colourings can vary between manufacturers. This rarely matters, but if you have an allergy or intolerance, for example to lactose, check the patient information leaflet or ask the pharmacist.
- **Packaging.** The box, blister strips and leaflet design will differ.
- **Price.** This is usually the biggest difference of all.

What should not differ is the active ingredient, its strength and the way the medicine is intended to work.

## Why generics cost less

The company behind a brand carries the cost of discovering and developing the medicine, running clinical trials and building the brand. Generic manufacturers do not repeat that work, and once several of them compete, prices tend to fall. On PharmaCompare, four generic sildenafil 50mg tablets often cost under £10, while four Viagra 50mg tablets typically cost £30 or more. Prices change often, so check the current listings before you decide.

## Viagra Connect: a special case

In 2018 the MHRA reclassified Viagra Connect, which contains sildenafil 50mg, as a pharmacy medicine. Men aged 18 and over can buy it without a prescription after answering a pharmacist's questions about their health. Other ED tablets, including generic sildenafil, tadalafil, vardenafil and avanafil, remain prescription-only medicines.

## Prescriptions and safety

To buy a prescription-only ED treatment online, you will need to complete an online consultation that is reviewed by a UK-registered prescriber. The questions cover things such as heart health, blood pressure and other medicines you take, because some combinations, for example with nitrates, are not safe. Answer honestly: the questions are there to protect you.

Be cautious about websites that sell ED tablets without asking any questions. The MHRA regularly seizes counterfeit and unlicensed erectile dysfunction medicines, which may contain the wrong dose or undeclared ingredients. Check that the pharmacy is registered with the General Pharmaceutical Council (GPhC) before you order. The NHS also suggests seeing a GP about erection problems that do not go away, because they can sometimes be linked to other health conditions.

## Choosing between brand and generic

For many people the choice comes down to price and personal preference. If you have used a branded treatment and would like to switch to the generic to save money, mention it during your consultation, and ask the pharmacist if you want to know whether the inactive ingredients differ. When you compare prices, make sure you are looking at the same strength and number of tablets, and add any consultation fee and delivery charge to get the true cost.`;

export const demoBlogPosts: DemoBlogPost[] = [
  {
    slug: "wegovy-vs-mounjaro-comparing-uk-online-prices",
    title: "Wegovy vs Mounjaro: comparing UK online prices",
    excerpt:
      "Wegovy and Mounjaro are both once-weekly weight loss injections, but their strengths and prices differ. Here is how to compare UK online pharmacy prices like for like, and what to check before you order.",
    content: WEGOVY_VS_MOUNJARO,
    author: "PharmaCompare Editorial Team",
    publishDate: "2025-08-18T09:00:00.000Z",
    lastUpdated: "2025-08-18T09:00:00.000Z",
    category: "Weight Loss",
    tags: ["Wegovy", "Mounjaro", "Weight Loss", "Price Comparison"],
    featuredImage: null,
    metaDescription:
      "Compare Wegovy and Mounjaro prices at UK online pharmacies: how dose affects cost, what to check and how to spot a genuine, GPhC-registered pharmacy.",
    metaKeywords: [
      "Wegovy price UK",
      "Mounjaro price UK",
      "weight loss injections",
      "semaglutide",
      "tirzepatide",
    ],
    readTime: 5,
    published: true,
  },
  {
    slug: "how-to-save-money-on-prescriptions-in-the-uk",
    title: "How to save money on prescriptions in the UK",
    excerpt:
      "From prescription prepayment certificates to generic medicines and total-cost comparisons, here are practical, legitimate ways to pay less for prescriptions in the UK.",
    content: SAVE_ON_PRESCRIPTIONS,
    author: "PharmaCompare Editorial Team",
    publishDate: "2025-08-20T09:00:00.000Z",
    lastUpdated: "2025-08-20T09:00:00.000Z",
    category: "Money Saving",
    tags: ["Savings", "Prescriptions", "NHS", "Generics"],
    featuredImage: null,
    metaDescription:
      "Ways to pay less for prescriptions in the UK: exemptions, prepayment certificates, generic medicines and comparing the total cost of private orders.",
    metaKeywords: [
      "prescription charge",
      "prescription prepayment certificate",
      "save money on prescriptions",
      "generic medicines",
    ],
    readTime: 5,
    published: true,
  },
  {
    slug: "generic-vs-brand-name-ed-treatments-whats-the-difference",
    title: "Generic vs brand-name ED treatments: what's the difference?",
    excerpt:
      "Viagra or sildenafil? Cialis or tadalafil? We explain what generic medicines are, how the MHRA regulates them and what really differs between brand-name and generic ED treatments.",
    content: GENERIC_VS_BRAND_ED,
    author: "PharmaCompare Editorial Team",
    publishDate: "2025-08-22T09:00:00.000Z",
    lastUpdated: "2025-08-22T09:00:00.000Z",
    category: "Men's Health",
    tags: ["Viagra", "Sildenafil", "Tadalafil", "Generics", "Men's Health"],
    featuredImage: null,
    metaDescription:
      "Generic vs brand-name erectile dysfunction treatments in the UK: how generics are regulated, what differs and why sildenafil costs less than Viagra.",
    metaKeywords: [
      "generic Viagra",
      "sildenafil vs Viagra",
      "tadalafil vs Cialis",
      "erectile dysfunction treatment",
    ],
    readTime: 4,
    published: true,
  },
];
