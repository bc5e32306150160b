import { useTranslation } from "react-i18next";
import { Link } from "../components/link";
import { ContactLink } from "../features/contact/components/contact-link";
import { useLocalePath } from "../lib/use-language";
import styles from "./footer.module.css";

export function Footer() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <nav aria-label={t("footer.navigation")}>
          <ul className={styles.links}>
            <li>
              <Link to={localePath("/")}>{t("footer.about")}</Link>
            </li>
            <li>
              <Link to={localePath("/home")}>{t("footer.user_home")}</Link>
            </li>
            <li>
              <ContactLink className={styles.linkButton} />
            </li>
          </ul>
        </nav>
        <p className={styles.copyright}>{t("footer.copyright", { year: new Date().getFullYear() })}</p>
      </div>
    </footer>
  );
}
