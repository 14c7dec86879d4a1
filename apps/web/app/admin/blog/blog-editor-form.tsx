import { type AdminBlogPost, BLOG_CATEGORIES, BLOG_POST_LIMITS, slugify } from "@pharmacompare/contract";
import { useEffect, useRef, useState } from "react";
import { Form, useNavigate, useNavigation } from "react-router";
import { ArticleMarkdown } from "../../components/ui/article-markdown.tsx";
import { adminScreens } from "../kit/admin-screens.ts";
import {
  buttonClass,
  FieldNotes,
  FormActions,
  inputClass,
  Notice,
  PageHeader,
  Panel,
} from "../kit/admin-ui.tsx";
import {
  CheckboxField,
  InputField,
  SelectField,
  TextareaField,
  UnmarkedFields,
} from "../kit/form/catalogue-controls.tsx";
import { useToast } from "../kit/toast/toast.tsx";
import { CountedTextarea, describedBy, FieldLabel, WordListField } from "./blog-editor-fields.tsx";
import {
  BLOG_FIELDS,
  type BlogDraft,
  type BlogField,
  type BlogFieldErrors,
  draftOf,
} from "./blog-post-form.ts";

/** Back-office §2 Blog editor's form: the fields, the Preview/Edit toggle, Save and Cancel. */

const LIST_PATH = adminScreens.blog.path;

export type SaveResult = { ok: true; text: string } | { ok: false; error: string; fields: BlogFieldErrors };

/** The id of a field's control, the one focus goes to when a save is refused for that field. */
const controlId = (field: BlogField) => `blog-${field}`;

export function EditorForm({
  title,
  post,
  result,
}: {
  title: string;
  post: AdminBlogPost | null;
  result: SaveResult | undefined;
}) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const toast = useToast();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";

  const [draft, setDraft] = useState<BlogDraft>(() => draftOf(post));
  const [previewing, setPreviewing] = useState(false);
  const [slugNote, setSlugNote] = useState<{ error?: string; spoken: string }>({ spoken: "" });
  const [focusField, setFocusField] = useState<{ field: BlogField } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);

  const update = <K extends keyof BlogDraft>(field: K, value: BlogDraft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));

  const failure = result && !result.ok ? result : undefined;
  const errors: BlogFieldErrors = saving ? {} : (failure?.fields ?? {});
  /** A field's id (where a refusal sends focus), name and refusal, all from its one key. */
  const fieldOf = (field: BlogField) => ({ id: controlId(field), name: field, error: errors[field] });

  // A save: on success a notice and back to the list; a refusal goes to the first field it is
  // about (out of the preview if need be), else to the reason at the top.
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      toast.show(result.text);
      void navigate(LIST_PATH);
      return;
    }
    const field = BLOG_FIELDS.find((name) => result.fields[name]);
    if (field) {
      setPreviewing(false);
      setFocusField({ field });
    } else {
      noticeRef.current?.focus();
    }
  }, [result, navigate, toast]);

  useEffect(() => {
    if (focusField && !previewing) document.getElementById(controlId(focusField.field))?.focus();
  }, [focusField, previewing]);

  function generateSlug() {
    const slug = slugify(draft.title);
    if (!slug) {
      setSlugNote({ error: "Write a title first: the slug is made from it", spoken: "" });
      return;
    }
    update("slug", slug);
    setSlugNote({ spoken: `Slug set to ${slug}` });
  }

  return (
    <>
      <PageHeader
        title={title}
        description="Write the article in markdown; Preview shows it as visitors will read it."
      />
      <UnmarkedFields>
        <Form
          method="post"
          noValidate
          onSubmit={(event) => {
            if (saving) event.preventDefault();
            else setSlugNote({ spoken: "" });
          }}
          className="space-y-6"
        >
          {post ? <input type="hidden" name="id" value={post._id} /> : null}
          {/* Not edited here: an edited post keeps its image, a new one gets the default. */}
          <input type="hidden" name="featuredImage" value={post?.featuredImage ?? ""} />

          {failure && !saving ? (
            <Notice tone="error" noticeRef={noticeRef}>
              {failure.error}
            </Notice>
          ) : null}

          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-slate-600 text-sm">
              {previewing ? "Previewing the post as visitors will see it." : "Editing the post."}
            </p>
            <button
              type="button"
              className={buttonClass.secondary}
              aria-controls={previewing ? "blog-preview" : "blog-editor-fields"}
              onClick={() => setPreviewing((current) => !current)}
            >
              {previewing ? "Edit" : "Preview"}
            </button>
          </div>

          {/* Hidden, not removed, while previewing: the fields keep their place and still go with the form. */}
          <div id="blog-editor-fields" hidden={previewing} className="space-y-6">
            <div className="grid gap-6 lg:grid-cols-2">
              <Panel title="Post" titleId="blog-post-heading">
                <div className="space-y-5 p-4 sm:p-5">
                  <InputField
                    {...fieldOf("title")}
                    label="Title"
                    required
                    maxLength={BLOG_POST_LIMITS.titleMax}
                    value={draft.title}
                    onChange={(event) => update("title", event.target.value)}
                  />

                  <div>
                    <FieldLabel htmlFor={controlId("slug")}>Slug</FieldLabel>
                    <div className="mt-1 flex gap-2">
                      <input
                        id={controlId("slug")}
                        name="slug"
                        type="text"
                        required
                        maxLength={BLOG_POST_LIMITS.slugMax}
                        autoComplete="off"
                        spellCheck={false}
                        value={draft.slug}
                        onChange={(event) => {
                          update("slug", event.target.value);
                          setSlugNote({ spoken: "" });
                        }}
                        className={`${inputClass} font-mono`}
                        aria-invalid={errors.slug || slugNote.error ? true : undefined}
                        aria-describedby={describedBy(
                          `${controlId("slug")}-hint`,
                          (errors.slug || slugNote.error) && `${controlId("slug")}-error`,
                        )}
                      />
                      <button
                        type="button"
                        className={`${buttonClass.secondary} shrink-0`}
                        onClick={generateSlug}
                      >
                        Generate<span className="sr-only"> the slug from the title</span>
                      </button>
                    </div>
                    <FieldNotes
                      id={controlId("slug")}
                      hint={
                        <>
                          The post's address,{" "}
                          <span className="break-all font-mono">/blog/{draft.slug.trim() || "…"}</span>:
                          lowercase letters and digits joined by hyphens.
                        </>
                      }
                      error={errors.slug ?? slugNote.error}
                    />
                    <p className="sr-only" aria-live="polite">
                      {slugNote.spoken}
                    </p>
                  </div>

                  <SelectField
                    {...fieldOf("category")}
                    label="Category"
                    required
                    value={draft.category}
                    onChange={(event) => update("category", event.target.value as BlogDraft["category"])}
                    options={BLOG_CATEGORIES.map((category) => ({ value: category, label: category }))}
                  />

                  <WordListField
                    {...fieldOf("tags")}
                    label="Tags"
                    noun="tag"
                    items={draft.tags}
                    onItemsChange={(tags) => update("tags", tags)}
                    maxLength={BLOG_POST_LIMITS.itemMax}
                    hint="Shown on the article and its card. Press Enter or Add after each; commas separate several."
                  />

                  <CheckboxField
                    {...fieldOf("published")}
                    label="Published"
                    checked={draft.published}
                    onChange={(event) => update("published", event.target.checked)}
                    hint="A published post is on the public blog; a draft is seen only here."
                  />
                </div>
              </Panel>

              <Panel title="Summary and search" titleId="blog-summary-heading">
                <div className="space-y-5 p-4 sm:p-5">
                  <CountedTextarea
                    {...fieldOf("excerpt")}
                    label="Excerpt"
                    rows={5}
                    required
                    max={BLOG_POST_LIMITS.excerptMax}
                    value={draft.excerpt}
                    onValueChange={(value) => update("excerpt", value)}
                    hint="Shown under the title and on the blog's cards."
                  />
                  <CountedTextarea
                    {...fieldOf("metaDescription")}
                    label="Meta description"
                    rows={4}
                    required
                    max={BLOG_POST_LIMITS.metaDescriptionMax}
                    value={draft.metaDescription}
                    onValueChange={(value) => update("metaDescription", value)}
                    hint="What search engines and social previews show under the title."
                  />
                  <WordListField
                    {...fieldOf("metaKeywords")}
                    label="Meta keywords"
                    noun="keyword"
                    items={draft.metaKeywords}
                    onItemsChange={(keywords) => update("metaKeywords", keywords)}
                    maxLength={BLOG_POST_LIMITS.itemMax}
                    hint="Words search engines may match. Press Enter or Add after each; commas separate several."
                  />
                </div>
              </Panel>
            </div>

            <Panel title="Content" titleId="blog-content-heading">
              <div className="p-4 sm:p-5">
                <TextareaField
                  {...fieldOf("content")}
                  label="Content (markdown)"
                  required
                  rows={18}
                  maxLength={BLOG_POST_LIMITS.contentMax}
                  value={draft.content}
                  onChange={(event) => update("content", event.target.value)}
                  monospace
                  hint="## Headings, **bold**, [links](https://…), lists and tables. HTML written here is not shown."
                />
              </div>
            </Panel>
          </div>

          {previewing ? <BlogPreview draft={draft} /> : null}

          <FormActions
            cancel={{ to: LIST_PATH }}
            saving={saving}
            saveLabel={post ? "Save Changes" : "Create Post"}
          />
        </Form>
      </UnmarkedFields>
    </>
  );
}

/**
 * The post as its article page shows it: title, excerpt and the body, rendered by the same
 * markdown component as the public article (raw HTML dropped, links and images checked).
 */
function BlogPreview({ draft }: { draft: BlogDraft }) {
  return (
    <section
      id="blog-preview"
      aria-labelledby="blog-preview-title"
      className="rounded-lg bg-white px-4 py-6 shadow-sm ring-1 ring-slate-200 sm:px-8 sm:py-10"
    >
      <div className="mx-auto max-w-3xl">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="rounded-full bg-brand-50 px-3 py-1 font-semibold text-brand-800 ring-1 ring-brand-200">
            {draft.category}
          </span>
          <span className="text-slate-600">{draft.published ? "Published" : "Draft"}</span>
        </p>
        <h2
          id="blog-preview-title"
          className="mt-4 text-balance break-words font-bold text-3xl text-slate-900 tracking-tight sm:text-4xl"
        >
          {draft.title.trim() || "Untitled post"}
        </h2>
        {draft.excerpt.trim() ? (
          <p className="mt-5 text-lg text-slate-600 leading-8">{draft.excerpt}</p>
        ) : null}
        <div className="mt-8 border-slate-200 border-t pt-8">
          {draft.content.trim() ? (
            <ArticleMarkdown content={draft.content} />
          ) : (
            <p className="text-slate-600 text-sm">No content yet: write it under Edit.</p>
          )}
        </div>
      </div>
    </section>
  );
}
