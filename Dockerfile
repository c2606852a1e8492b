# Agora app image: non-root, migrates on start, health-checked.

# The move hot path compiled with mypyc (app/native.py): the full image has gcc and the
# headers; only the extensions travel to the slim one.
FROM python:3.11 AS native
WORKDIR /srv/agora
COPY pyproject.toml README.md ./
COPY app ./app
COPY tools/build_native.py ./tools/
RUN pip install --no-cache-dir -e . "mypy==2.4.1" setuptools \
    && python tools/build_native.py --force

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 PYTHONUNBUFFERED=1 PIP_NO_CACHE_DIR=1 \
    HOST=0.0.0.0 PORT=8000
WORKDIR /srv/agora

COPY pyproject.toml README.md ./
COPY --from=native /srv/agora/app ./app
COPY migrations ./migrations
COPY templates ./templates
COPY static ./static
RUN pip install --no-cache-dir -e . \
    && useradd --create-home --uid 10001 agora \
    && mkdir -p /srv/agora/var && chown agora /srv/agora/var

USER agora
EXPOSE 8000
HEALTHCHECK --interval=15s --timeout=3s --start-period=20s --retries=3 \
    CMD python -c "import urllib.request,sys; sys.exit(0 if urllib.request.urlopen('http://127.0.0.1:8000/readyz', timeout=2).status == 200 else 1)"
CMD ["python", "-m", "app"]
