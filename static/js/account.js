// The account settings page: change password, log out everywhere, delete the account.
import { api } from "./api.js";
import { t } from "./i18n.js";
import { startSettings } from "./notifications.js";
import { startTokens } from "./tokens.js";

function onSubmit(form, handler) {
  if (!form) return;
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const error = form.querySelector(".error");
    error.textContent = "";
    try {
      await handler(new FormData(form));
    } catch (failure) {
      error.textContent = failure.message;
    }
  });
}

export function start() {
  startTokens();
  startSettings();
  const passwordForm = document.getElementById("password-form");
  onSubmit(passwordForm, async (data) => {
    await api("POST", "/api/account/password", {
      current_password: data.get("current_password"),
      new_password: data.get("new_password"),
    });
    passwordForm.reset();
    passwordForm.querySelector(".status").textContent = t("settings.password_changed");
  });
  document.getElementById("logout-all").addEventListener("click", async () => {
    await api("POST", "/api/account/logout-all");
    window.location.href = "/";
  });
  onSubmit(document.getElementById("delete-form"), async (data) => {
    const password = data.get("password");
    await api("POST", "/api/account/delete", password === null ? {} : { password });
    window.location.href = "/";
  });
}
