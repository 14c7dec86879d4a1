import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext } from "./context.ts";

/** The back-office's medications (back-office §2, §7): every write audited, grid prices through the price-write path. */
export const adminMedicationRoutes: FastifyPluginAsync = async (app) => {
  const medications = app.services.adminMedications;

  registerEndpoint(app, adminEndpoints.listAdminMedications, async (request) =>
    medications.list(request.query),
  );

  registerEndpoint(app, adminEndpoints.getAdminMedication, async (request) =>
    medications.formData(request.params.id),
  );

  registerEndpoint(app, adminEndpoints.createMedication, async (request) =>
    medications.create(actorContext(request), request.body),
  );

  registerEndpoint(app, adminEndpoints.updateMedication, async (request) => ({
    medication: await medications.update(actorContext(request), request.params.id, request.body),
  }));

  registerEndpoint(app, adminEndpoints.deleteMedication, async (request) =>
    medications.remove(actorContext(request), request.params.id),
  );

  // Course plans (issue 30, decision 042): replaced as a whole, audited.
  registerEndpoint(app, adminEndpoints.getCoursePlans, async (request) => ({
    plans: await app.services.coursePlans.list(request.params.id),
  }));

  registerEndpoint(app, adminEndpoints.replaceCoursePlans, async (request) => ({
    plans: await app.services.coursePlans.replace(
      actorContext(request),
      request.params.id,
      request.body.plans,
    ),
  }));
};
