import { type Pharmacy, publicEndpoints } from "@pharmacompare/contract";
import { Link } from "react-router";
import { LegalPage } from "../../components/legal/legal-page.tsx";
import { serverApi } from "../../lib/api.server.ts";
import { pageMeta, siteTitle } from "../../lib/page-meta.ts";
import { logServerError } from "../../lib/server-log.server.ts";
import { sitePaths } from "../../lib/site-paths.ts";
import type { Route } from "./+types/route";
import { COMMISSION_PHARMACIES_SLOT, howWeRank } from "./how-we-rank.ts";

/**
 * The pharmacies that pay a commission today (CMA principles for comparison sites: say who pays):
 * those whose links carry a referral (decision 044). Null when the API cannot say; the page then
 * says so rather than naming none.
 */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const pharmacies = await serverApi().call(publicEndpoints.listPharmacies, {}, { signal: request.signal });
    return {
      commission: pharmacies.filter((pharmacy) => pharmacy.sponsored).map(({ id, name }) => ({ id, name })),
    };
  } catch (error) {
    if (!request.signal.aborted) logServerError("how we rank: pharmacies unavailable", error);
    return { commission: null };
  }
}

export function meta({ matches }: Route.MetaArgs): Route.MetaDescriptors {
  return pageMeta({
    title: siteTitle(howWeRank.title),
    description: howWeRank.description,
    path: sitePaths.howWeRank,
    siteUrl: matches[0]?.loaderData?.env.siteUrl,
  });
}

function CommissionPharmacies({ commission }: { commission: Pick<Pharmacy, "id" | "name">[] | null }) {
  if (commission === null) {
    return (
      <p className="text-slate-700 leading-7">
        The list of pharmacies that pay us a commission could not be loaded just now; please try again later.
      </p>
    );
  }
  if (commission.length === 0) {
    return <p className="text-slate-700 leading-7">No pharmacy pays us a commission at the moment.</p>;
  }
  return (
    <>
      <p className="text-slate-700 leading-7">These pharmacies pay us a commission today:</p>
      <ul className="mt-2 list-disc space-y-1 pl-6 text-slate-700">
        {commission.map((pharmacy) => (
          <li key={pharmacy.id}>
            <Link
              to={sitePaths.pharmacy(pharmacy.id)}
              className="text-brand-800 underline underline-offset-2"
            >
              {pharmacy.name}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function HowWeRank({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      document={howWeRank}
      eyebrow="Our methods"
      slots={{ [COMMISSION_PHARMACIES_SLOT]: <CommissionPharmacies commission={loaderData.commission} /> }}
    />
  );
}
