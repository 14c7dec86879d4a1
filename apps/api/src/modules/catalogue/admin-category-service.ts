import {
  type AdminCategory,
  type AdminSubcategory,
  type CategoryInput,
  type CategoryUpdate,
  catalogueMessages,
  idFromName,
  type SubcategoryInput,
  type SubcategoryUpdate,
} from "@pharmacompare/contract";
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Database } from "../../db/client.ts";
import { categories, medications, subcategories } from "../../db/schema.ts";
import { badRequest, notFound, refuse } from "../../domain/refusal.ts";
import type { ActorContext, AuditedWork, AuditService } from "../audit/index.ts";
import type { OutboxService } from "../outbox/index.ts";
import type { AdminPriceService } from "../prices/index.ts";
import { changedFields } from "./admin-catalogue-ids.ts";

/**
 * The back-office's category tree (back-office §2 Categories, the medication form's new
 * subcategory): every category and subcategory, active or not. One that medications use cannot
 * be deleted.
 */

const categoryNotFound = (id: string) => notFound(`Category "${id}" not found`);
const subcategoryNotFound = (categoryId: string, id: string) =>
  notFound(`Subcategory "${id}" not found in category "${categoryId}"`);

/** Medications (active or not) whose `column` is the outer row's id (qualified by hand, as Drizzle may leave names bare). */
const medicationsOf = (
  column: "category_id" | "subcategory_id",
  table: typeof categories | typeof subcategories,
) =>
  sql<number>`(select count(*)::int from ${medications} as counted where counted.${sql.raw(column)} = ${table}.id)`;

const medicationsWord = (count: number) => (count === 1 ? "1 medication is" : `${count} medications are`);

export function createAdminCategoryService(
  db: Database,
  options: { audit: AuditService; adminPrices: AdminPriceService; outbox: OutboxService },
) {
  const { audit, outbox, adminPrices } = options;

  /** Categories matching `where` in display order, each with every subcategory and the medication counts. */
  async function loadTree(tx: Database, where?: SQL): Promise<AdminCategory[]> {
    const rows = await tx
      .select({
        category: categories,
        categoryCount: medicationsOf("category_id", categories),
        subcategory: subcategories,
        subcategoryCount: medicationsOf("subcategory_id", subcategories),
      })
      .from(categories)
      .leftJoin(subcategories, eq(subcategories.categoryId, categories.id))
      .where(where)
      .orderBy(
        asc(categories.sortOrder),
        asc(categories.id),
        asc(subcategories.sortOrder),
        asc(subcategories.id),
      );
    const byId = new Map<string, AdminCategory>();
    for (const { category, categoryCount, subcategory, subcategoryCount } of rows) {
      let entry = byId.get(category.id);
      if (!entry) {
        entry = {
          id: category.id,
          name: category.name,
          active: category.active,
          medicationCount: categoryCount,
          subcategories: [],
        };
        byId.set(category.id, entry);
      }
      if (subcategory) entry.subcategories.push(toAdminSubcategory(subcategory, subcategoryCount ?? 0));
    }
    return [...byId.values()];
  }

  async function loadCategory(tx: Database, id: string): Promise<AdminCategory> {
    const [category] = await loadTree(tx, eq(categories.id, id));
    if (!category) throw categoryNotFound(id);
    return category;
  }

  /** The subcategory of that category, with the category as it now is. */
  async function loadSubcategory(
    tx: Database,
    categoryId: string,
    id: string,
  ): Promise<{ category: AdminCategory; subcategory: AdminSubcategory }> {
    const category = await loadCategory(tx, categoryId);
    const subcategory = category.subcategories.find((entry) => entry.id === id);
    if (!subcategory) throw subcategoryNotFound(categoryId, id);
    return { category, subcategory };
  }

  async function nextSortOrder(tx: Database, table: typeof categories | typeof subcategories, where?: SQL) {
    const [row] = await tx
      .select({ next: sql<number>`coalesce(max(${table.sortOrder}), -1)::int + 1` })
      .from(table)
      .where(where);
    return row?.next ?? 0;
  }

  async function writing<T>(context: ActorContext, work: AuditedWork<T>): Promise<T> {
    const result = await audit.write(context, work);
    outbox.wake();
    return result;
  }

  return {
    /** Every category with every subcategory, active or not, in display order. */
    list: (): Promise<AdminCategory[]> => loadTree(db),

    create(context: ActorContext, input: z.output<typeof CategoryInput>): Promise<AdminCategory> {
      return writing(context, async (tx, record, at) => {
        const id = input.id ?? (idFromName(input.name) || "category");
        const [taken] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, id));
        if (taken) {
          const message = `A category with the id "${id}" already exists`;
          throw refuse(409, message, { code: "conflict", fields: { [input.id ? "id" : "name"]: message } });
        }
        await tx.insert(categories).values({
          id,
          name: input.name,
          active: input.active,
          sortOrder: await nextSortOrder(tx, categories),
          createdAt: at,
          updatedAt: at,
        });
        await record({ action: "create", entityType: "category", entityId: id, changes: { ...input, id } });
        return loadCategory(tx, id);
      });
    },

    /** Renames or switches a category; switching re-evaluates the alerts on its medications' prices. */
    update(
      context: ActorContext,
      id: string,
      input: z.output<typeof CategoryUpdate>,
    ): Promise<AdminCategory> {
      return writing(context, async (tx, record, at) => {
        const before = await loadCategory(tx, id);
        await tx
          .update(categories)
          .set({ ...input, updatedAt: at })
          .where(eq(categories.id, id));
        if (input.active !== undefined && input.active !== before.active) {
          await adminPrices.reevaluate(tx, eq(medications.categoryId, id), at);
        }
        const changes = changedFields(
          { name: before.name, active: before.active },
          { name: input.name ?? before.name, active: input.active ?? before.active },
        );
        const onlySwitched = Object.keys(changes).length === 1 && "active" in changes;
        await record({
          action: onlySwitched ? "status_change" : "update",
          entityType: "category",
          entityId: id,
          changes,
        });
        return loadCategory(tx, id);
      });
    },

    /** Deletes a category and its subcategories; refused while any medication is in it. */
    remove(context: ActorContext, id: string): Promise<{ message: string }> {
      return writing(context, async (tx, record) => {
        const before = await loadCategory(tx, id);
        if (before.medicationCount > 0) {
          throw refuse(
            409,
            `${before.name} cannot be deleted: ${medicationsWord(before.medicationCount)} in it. Move or delete them first.`,
            { code: "still_referenced" },
          );
        }
        await tx.delete(subcategories).where(eq(subcategories.categoryId, id));
        await tx.delete(categories).where(eq(categories.id, id));
        await record({
          action: "delete",
          entityType: "category",
          entityId: id,
          changes: { name: before.name, subcategories: before.subcategories.map((entry) => entry.id) },
        });
        return { message: `${before.name} deleted` };
      });
    },

    /** A new subcategory by name; its id is the name as a slug, which must be free across the tree. */
    createSubcategory(
      context: ActorContext,
      categoryId: string,
      input: z.output<typeof SubcategoryInput>,
    ): Promise<{ category: AdminCategory; subcategory: AdminSubcategory }> {
      return writing(context, async (tx, record, at) => {
        await loadCategory(tx, categoryId);
        if (input.name === "") throw badRequest(catalogueMessages.subcategoryNameRequired, "name");
        const id = idFromName(input.name) || "subcategory";
        const [taken] = await tx
          .select({ categoryId: subcategories.categoryId })
          .from(subcategories)
          .where(eq(subcategories.id, id));
        if (taken) {
          const message = `A subcategory with the id "${id}" already exists`;
          throw refuse(409, message, { code: "conflict", fields: { name: message } });
        }
        await tx.insert(subcategories).values({
          id,
          categoryId,
          name: input.name,
          description: input.description,
          active: true,
          sortOrder: await nextSortOrder(tx, subcategories, eq(subcategories.categoryId, categoryId)),
          createdAt: at,
          updatedAt: at,
        });
        await record({
          action: "create",
          entityType: "subcategory",
          entityId: id,
          changes: { ...input, id, categoryId },
        });
        return loadSubcategory(tx, categoryId, id);
      });
    },

    updateSubcategory(
      context: ActorContext,
      categoryId: string,
      id: string,
      input: z.output<typeof SubcategoryUpdate>,
    ): Promise<{ category: AdminCategory; subcategory: AdminSubcategory }> {
      return writing(context, async (tx, record, at) => {
        const { subcategory: before } = await loadSubcategory(tx, categoryId, id);
        await tx
          .update(subcategories)
          .set({ ...input, updatedAt: at })
          .where(and(eq(subcategories.id, id), eq(subcategories.categoryId, categoryId)));
        if (input.active !== undefined && input.active !== before.active) {
          await adminPrices.reevaluate(tx, eq(medications.subcategoryId, id), at);
        }
        const after = await loadSubcategory(tx, categoryId, id);
        const { medicationCount: _b, ...beforeFields } = before;
        const { medicationCount: _a, ...afterFields } = after.subcategory;
        const changes = changedFields(beforeFields, afterFields);
        const onlySwitched = Object.keys(changes).length === 1 && "active" in changes;
        await record({
          action: onlySwitched ? "status_change" : "update",
          entityType: "subcategory",
          entityId: id,
          changes,
        });
        return after;
      });
    },

    /** Deletes a subcategory; refused while any medication is in it. */
    removeSubcategory(context: ActorContext, categoryId: string, id: string): Promise<{ message: string }> {
      return writing(context, async (tx, record) => {
        const { subcategory } = await loadSubcategory(tx, categoryId, id);
        if (subcategory.medicationCount > 0) {
          throw refuse(
            409,
            `${subcategory.name} cannot be deleted: ${medicationsWord(subcategory.medicationCount)} in it. Move or delete them first.`,
            { code: "still_referenced" },
          );
        }
        await tx.delete(subcategories).where(eq(subcategories.id, id));
        await record({
          action: "delete",
          entityType: "subcategory",
          entityId: id,
          changes: { name: subcategory.name, categoryId },
        });
        return { message: `${subcategory.name} deleted` };
      });
    },
  };
}

function toAdminSubcategory(
  row: typeof subcategories.$inferSelect,
  medicationCount: number,
): AdminSubcategory {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    categoryId: row.categoryId,
    active: row.active,
    medicationCount,
  };
}
