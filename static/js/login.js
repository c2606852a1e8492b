// Login and registration forms (a guest who registers keeps its games).
import { api } from "./api.js";

function bind(formId, path) {
  const form = document.getElementById(formId);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const data = new FormData(form);
    try {
      await api("POST", path, { username: data.get("username"), password: data.get("password") });
      window.location.href = "/";
    } catch (error) {
      form.querySelector(".error").textContent = error.message;
    }
  });
}

export function start() {
  bind("login-form", "/api/login");
  bind("register-form", "/api/accounts");
}
