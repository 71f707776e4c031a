"""Teaching-scene tests: the shared fixtures under the names these tests use."""

import pytest


@pytest.fixture
def teach_data(data_dir):
    return data_dir


@pytest.fixture
def teach_app(make_app):
    return make_app
