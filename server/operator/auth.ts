import type { FastifyReply, FastifyRequest } from "fastify";
import type { DbOrTx } from "../db/index.js";
import { identify, type OperatorIdentity } from "../domain/operators/service.js";
import { ApiError } from "../errors.js";

declare module "fastify" {
  interface FastifyRequest {
    /** Set by the operator hook on every `/operator/api` route: who is calling (decision 007). */
    operator: OperatorIdentity;
  }
  interface FastifyContextConfig {
    /**
     * Whether an operator route reads or changes a citizen's data (decision 071). Undeclared counts
     * as true: the route then needs a purpose and must write the access log.
     */
    citizenData?: boolean;
  }
}

/**
 * The operator API is for the province's back office and for demos and tests. Every call names
 * its operator (decision 007): a named operator's bearer token (looked up by its hash, revoked
 * ones refused) or, outside production, the development token (`OPERATOR_TOKEN`).
 */
export function operatorAuth(options: { db: DbOrTx; devToken: string | undefined }) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization ?? "";
    const given = header.startsWith("Bearer ") ? header.slice(7).trim() : "";
    const operator = await identify(options.db, given, options.devToken);
    if (!operator) throw new ApiError(401, "UNAUTHORIZED", "Token de operador inválido.");
    request.operator = operator;
  };
}
