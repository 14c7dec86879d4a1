import { type AdminCategory, type AdminSubcategory, CATALOGUE_LIMITS } from "@pharmacompare/contract";
import { useRef } from "react";
import { Panel } from "../kit/admin-ui.tsx";
import { CheckboxField, InputField, SelectField, TextareaField } from "../kit/form/catalogue-controls.tsx";
import { fieldMessage, labelledFields } from "../kit/form/field-messages.ts";
import { LegalCategoryField } from "../kit/form/legal-category.tsx";
import {
  FORM_CHOICES,
  type MedicationDraft,
  type MedicationField,
  subcategoriesOf,
} from "./medication-draft.ts";
import { NewSubcategory } from "./medication-new-subcategory.tsx";

/**
 * The Medication form's Details panel (back-office §2 Medication form): name, generic name,
 * category and subcategory (with "+ New subcategory"), form, active, legal category, description.
 */
export function MedicationDetails({
  draft,
  categories,
  fields,
  locked,
  set,
  onCategory,
  onSubcategoryCreated,
}: {
  draft: MedicationDraft;
  categories: readonly AdminCategory[];
  /** The refusal's message for each field, as the API words it. */
  fields: Partial<Record<MedicationField, string>>;
  /** After a save: nothing can be changed while the list is about to show again. */
  locked: boolean;
  set: <K extends keyof MedicationDraft & MedicationField>(field: K, value: MedicationDraft[K]) => void;
  /** A category chosen (the editor clears the subcategory). */
  onCategory: (categoryId: string) => void;
  onSubcategoryCreated: (category: AdminCategory, subcategory: AdminSubcategory) => void;
}) {
  const subcategoryRef = useRef<HTMLSelectElement>(null);
  const subcategories = subcategoriesOf(categories, draft.category);
  const category = categories.find((entry) => entry.id === draft.category);
  const formHint = draft.form === "other" ? "Say what the form is in the description." : undefined;
  const field = labelledFields(fields);

  return (
    <Panel title="Details" titleId="medication-details-heading">
      <div className="grid gap-4 px-4 py-4 sm:grid-cols-2 sm:px-5 sm:py-5">
        <InputField
          {...field("name", "Name")}
          required
          maxLength={CATALOGUE_LIMITS.nameMax}
          value={draft.name}
          disabled={locked}
          onChange={(event) => set("name", event.target.value)}
        />
        <InputField
          {...field("genericName", "Generic name")}
          maxLength={CATALOGUE_LIMITS.nameMax}
          value={draft.genericName}
          disabled={locked}
          onChange={(event) => set("genericName", event.target.value)}
        />
        <SelectField
          {...field("category", "Category")}
          required
          value={draft.category}
          disabled={locked}
          onChange={(event) => onCategory(event.target.value)}
        >
          <option value="">Choose a category</option>
          {categories.map((entry) => (
            <option key={entry.id} value={entry.id}>
              {entry.active ? entry.name : `${entry.name} (inactive)`}
            </option>
          ))}
        </SelectField>
        <div className="space-y-2">
          <SelectField
            ref={subcategoryRef}
            {...field("subcategory", "Subcategory")}
            required
            value={draft.subcategory}
            // Back-office §2: no choice until a category is chosen.
            disabled={!draft.category || locked}
            hint={draft.category ? undefined : "Choose a category first."}
            onChange={(event) => set("subcategory", event.target.value)}
          >
            <option value="">{draft.category ? "Choose a subcategory" : "—"}</option>
            {subcategories.map((entry) => (
              <option key={entry.id} value={entry.id}>
                {entry.active ? entry.name : `${entry.name} (inactive)`}
              </option>
            ))}
          </SelectField>
          {category && !locked ? (
            <NewSubcategory
              // A fresh panel for each category: changing it closes the panel.
              key={category.id}
              category={category}
              onCreated={(fresh, subcategory) => {
                onSubcategoryCreated(fresh, subcategory);
                // After React has drawn the new option.
                requestAnimationFrame(() => subcategoryRef.current?.focus());
              }}
            />
          ) : null}
        </div>
        <SelectField
          {...field("form", "Form")}
          value={draft.form}
          disabled={locked}
          hint={formHint}
          onChange={(event) => set("form", event.target.value)}
          options={FORM_CHOICES}
        />
        <div className="sm:pt-7">
          <CheckboxField
            label="Active"
            checked={draft.active}
            disabled={locked}
            onChange={(event) => set("active", event.target.checked)}
            hint="Visitors see an active medication on its condition's page."
            error={fieldMessage("Active", fields.active)}
          />
        </div>
        <LegalCategoryField
          value={draft.legalCategory}
          disabled={locked}
          onChange={(value) => set("legalCategory", value)}
          error={fieldMessage("Legal category", fields.legalCategory)}
        />
        <div className="sm:col-span-2">
          <TextareaField
            {...field("description", "Description")}
            rows={4}
            maxLength={CATALOGUE_LIMITS.descriptionMax}
            value={draft.description}
            disabled={locked}
            onChange={(event) => set("description", event.target.value)}
          />
        </div>
      </div>
    </Panel>
  );
}
