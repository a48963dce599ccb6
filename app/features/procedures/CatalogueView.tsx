import type { SerializeFrom } from "@remix-run/node";
import { useLocation, useNavigation } from "@remix-run/react";
import { Link } from "~/ui/Link";
import { common } from "~/lib/messages/common";
import { furniture } from "~/lib/messages/furniture";
import { procedures as t } from "~/lib/messages/procedures";
import { EmptyState, Paginator, SkeletonRows } from "~/ui";
import { SearchBox, SearchButton, SearchForm } from "~/ui/SearchBox";
import { Breadcrumbs } from "~/ui/Breadcrumbs";
import type { loadCatalogue } from "./catalogue.server";
import { catalogueHref, requirementsHref } from "./url";

type Item = SerializeFrom<typeof loadCatalogue>["items"][number];

/** Where an item leads: a category to its children, a procedure to its requirements (a form procedure's then to its form). */
const itemHref = (item: Item) => (item.isParent ? catalogueHref({ parentId: item.id }) : requirementsHref(item.id, item.type));

/** The catalogue (/procedures/available): search, a level's procedures or the results, and the way back up. */
export function CatalogueView({ data }: { data: SerializeFrom<typeof loadCatalogue> }) {
  const { state, items, page, lastPage, level, publicUrl } = data;
  const navigation = useNavigation();
  const location = useLocation();
  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname.replace(/\/$/, "") === "/procedures/available" &&
    navigation.location.search !== location.search;

  return (
    <section aria-labelledby="page-title" className="proc-catalogue">
      {/* Spec section 2: the back header when drilled down (below the search), breadcrumbs otherwise; never both. */}
      {level ? null : (
        <Breadcrumbs
          items={[
            { label: furniture.routeLabels.procedures, to: "/procedures" },
            { label: furniture.routeLabels.available, to: state.q ? "/procedures/available" : undefined },
          ]}
        />
      )}
      <div className="page-head">
        <h1 id="page-title" className="page-title">
          {t.available.title}
        </h1>
      </div>
      <SearchForm to="/procedures/available" className="toolbar">
        <SearchBox id="catalogue-q" label={t.available.searchLabel} defaultValue={state.q} />
        <SearchButton />
      </SearchForm>
      {level ? (
        <div className="proc-catalogue__back">
          <Link className="back-link" to={level.backHref} aria-label={level.backLabel}>
            {common.actions.back}
          </Link>
          {level.description ? <h2 className="proc-catalogue__level">{level.description}</h2> : null}
        </div>
      ) : null}
      {loading ? (
        <SkeletonRows count={14} />
      ) : items.length === 0 ? (
        <EmptyState title={t.available.empty} />
      ) : (
        <>
          <ul className="card-grid" aria-label={t.ui.catalogueLabel}>
            {items.map((item) => (
              <li key={item.id} className="card proc-item">
                {item.highlighted ? <span className="proc-item__tag">{t.ui.highlighted}</span> : null}
                <Link to={itemHref(item)}>{item.description}</Link>
                {state.q && item.parents.some((p) => p.description) ? (
                  <p className="proc-item__meta">{item.parents.flatMap((p) => p.description ?? []).join(" › ")}</p>
                ) : !item.isParent && item.organism ? (
                  <p className="proc-item__meta">{item.organism}</p>
                ) : null}
              </li>
            ))}
          </ul>
          <Paginator
            page={page}
            lastPage={lastPage}
            label={t.ui.cataloguePaginatorLabel}
            hrefFor={(p) => catalogueHref({ parentId: state.parentId, q: state.q, sq: state.sq, page: p })}
          />
        </>
      )}
      <p className="proc-catalogue__hint">
        {t.available.hint}{" "}
        <a href={publicUrl} target="_blank" rel="noreferrer">
          {t.publicSiteLink} <span className="visually-hidden">{common.opensInNewTab}</span>
        </a>
      </p>
    </section>
  );
}
