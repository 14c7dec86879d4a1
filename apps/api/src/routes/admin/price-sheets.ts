import { adminEndpoints } from "@pharmacompare/contract";
import type { FastifyPluginAsync } from "fastify";
import { registerEndpoint } from "../register-endpoint.ts";
import { actorContext, principalOf } from "./context.ts";

/** Price sheets (issue 13, decision 017): upload with preview, apply, discard, export. */
export const adminPriceSheetRoutes: FastifyPluginAsync = async (app) => {
  registerEndpoint(app, adminEndpoints.previewPriceSheet, async (request) =>
    app.services.priceSheets.preview(
      principalOf(request).user.id,
      request.body.fileName,
      Buffer.from(request.body.content, "base64"),
    ),
  );

  registerEndpoint(app, adminEndpoints.applyPriceSheet, async (request) =>
    app.services.priceSheets.apply(actorContext(request), principalOf(request).user.id, request.body),
  );

  registerEndpoint(app, adminEndpoints.discardPriceSheet, async (request) => {
    app.services.priceSheets.discard(principalOf(request).user.id);
    return { message: "Upload discarded" };
  });

  registerEndpoint(app, adminEndpoints.exportPriceSheet, async (request) => {
    const file = await app.services.priceSheets.exportXlsx(request.query.medicationId);
    return { fileName: file.fileName, content: file.content.toString("base64") };
  });
};
