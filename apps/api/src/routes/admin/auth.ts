import {
  adminAuthPaths,
  ChangePasswordRequest,
  ErrorBody,
  LoginRequest,
  LoginResponse,
  MeResponse,
  MessageResponse,
  passwordChangeMessages,
} from "@pharmacompare/contract";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clientInfo, principalOf } from "./context.ts";

function tooManyAttempts(reply: FastifyReply, retryAfterSeconds: number) {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return reply
    .code(429)
    .header("Retry-After", String(retryAfterSeconds))
    .send({ error: `Too many sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.` });
}

/** The one admin route outside the guard. */
export const adminLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    adminAuthPaths.login,
    {
      schema: {
        tags: ["admin auth"],
        summary: "Sign in; answers a bearer token for the other admin calls",
        body: LoginRequest,
        response: { 200: LoginResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const result = await app.services.auth.login(request.body, clientInfo(request));
      switch (result.outcome) {
        case "signed-in":
          return { token: result.token, user: result.user };
        case "missing-fields":
          return reply.code(400).send({ error: "Email and password are required" });
        case "throttled":
          return tooManyAttempts(reply, result.retryAfterSeconds);
        case "invalid":
          return reply.code(401).send({ error: "Invalid credentials" });
      }
    },
  );
};

/** Session calls for the signed-in admin (behind the guard). */
export const adminSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    adminAuthPaths.me,
    {
      schema: {
        tags: ["admin auth"],
        summary: "The signed-in administrator",
        response: { 200: MeResponse, 401: ErrorBody },
      },
    },
    async (request) => {
      const { user } = principalOf(request);
      return { user: { name: user.name, email: user.email, role: user.role } };
    },
  );

  app.post(
    adminAuthPaths.logout,
    {
      schema: {
        tags: ["admin auth"],
        summary: "Sign out: revokes the presented session",
        response: { 200: MessageResponse, 401: ErrorBody },
      },
    },
    async (request) => {
      await app.services.auth.logout(principalOf(request), clientInfo(request));
      return { message: "Signed out" };
    },
  );

  app.post(
    adminAuthPaths.changePassword,
    {
      schema: {
        tags: ["admin auth"],
        summary: "Change the signed-in administrator's password; signs out their other sessions",
        body: ChangePasswordRequest,
        response: { 200: MessageResponse, 400: ErrorBody, 401: ErrorBody, 429: ErrorBody },
      },
    },
    async (request, reply) => {
      const result = await app.services.auth.changePassword(
        principalOf(request),
        request.body,
        clientInfo(request),
      );
      switch (result.outcome) {
        case "changed":
          return { message: passwordChangeMessages.changed };
        case "invalid":
          return reply.code(400).send({ error: result.message });
        case "throttled":
          return tooManyAttempts(reply, result.retryAfterSeconds);
      }
    },
  );
};
