/** The header search's dialog (search-button.tsx), loaded on first use. */

import { Button } from "@client/components/button";
import { Dialog } from "@client/components/dialog";
import formStyles from "@client/components/form.module.css";
import { TextField } from "@client/components/text-field";
import { useLocalePath } from "@client/lib/use-language";
import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

interface SearchDialogProps {
  query: string;
  onQueryChange(query: string): void;
  onClose(): void;
}

export function SearchDialog({ query, onQueryChange, onClose }: SearchDialogProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const localePath = useLocalePath();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (!q) return;
    onClose();
    onQueryChange("");
    navigate(`${localePath("/search")}?q=${encodeURIComponent(q)}`);
  };

  return (
    <Dialog open onOpenChange={(next) => !next && onClose()} title={t("search.title")}>
      <form className={formStyles.form} onSubmit={submit}>
        <TextField
          label={t("search.label")}
          type="search"
          value={query}
          onChange={(e) => onQueryChange(e.target.value)}
          autoFocus
          enterKeyHint="search"
        />
        <Button type="submit">{t("search.submit")}</Button>
      </form>
    </Dialog>
  );
}
