export { createSharedCachePurger } from "./purger.ts";
